import type { PermissionBits } from '../entities/permissions';
import type { Issue } from '../errors';
import { channelNameIssues } from './name-rules';
import { permissionBitsOf } from './role-rules';
import { cleanTextIssues, codePointLength } from './text';

export const CHANNEL_TOPIC = { max: 1024 } as const;

/** PostgreSQL's `integer`: a position past it could not be stored. */
export const CHANNEL_POSITION = { min: 0, max: 2_147_483_647 } as const;

/** A topic: clean text of at most 1024 code points, or null for none. */
export function topicIssues(topic: string | null, path = 'topic'): Issue[] {
  if (topic === null) return [];
  if (typeof topic !== 'string') return [{ path, message: 'must be a string or null' }];
  const unclean = cleanTextIssues(topic, path);
  if (unclean.length > 0) return unclean;
  return codePointLength(topic) > CHANNEL_TOPIC.max ? [{ path, message: `must be at most ${CHANNEL_TOPIC.max} characters` }] : [];
}

export const channelPositionIssues = (position: number, path = 'position'): Issue[] =>
  Number.isInteger(position) && position >= CHANNEL_POSITION.min && position <= CHANNEL_POSITION.max
    ? []
    : [{ path, message: `must be an integer from ${CHANNEL_POSITION.min} to ${CHANNEL_POSITION.max}` }];

/** What may change about a channel (`PATCH /api/channels/:id`). */
export interface ChannelChanges {
  readonly name?: string;
  readonly topic?: string | null;
  readonly position?: number;
}

/** Every issue of a channel's changes at once; at least one field must be given. */
export function channelChangeIssues(changes: ChannelChanges): Issue[] {
  const issues = [
    ...(changes.name !== undefined ? channelNameIssues(changes.name) : []),
    ...(changes.topic !== undefined ? topicIssues(changes.topic) : []),
    ...(changes.position !== undefined ? channelPositionIssues(changes.position) : []),
  ];
  if (changes.name === undefined && changes.topic === undefined && changes.position === undefined) {
    issues.push({ path: '', message: 'must change at least one of name, topic, position' });
  }
  return issues;
}

/** An overwrite as a client sends it: permission names to allow and to deny. */
export interface OverwriteInput {
  readonly type: 'role' | 'member';
  readonly allow: readonly unknown[];
  readonly deny: readonly unknown[];
}

/**
 * The overwrite's bits, or its issues: unknown names (`allow.N`, `deny.N`), and a permission both
 * allowed and denied (which would mean nothing: deny is applied first, then allow).
 */
export function overwriteBitsOf(input: OverwriteInput): { allow: PermissionBits; deny: PermissionBits } | { issues: Issue[] } {
  const allow = permissionBitsOf(input.allow, 'allow');
  const deny = permissionBitsOf(input.deny, 'deny');
  const typeIssues = input.type === 'role' || input.type === 'member' ? [] : [{ path: 'type', message: 'must be "role" or "member"' }];
  if ('issues' in allow || 'issues' in deny || typeIssues.length > 0) {
    return { issues: [...typeIssues, ...('issues' in allow ? allow.issues : []), ...('issues' in deny ? deny.issues : [])] };
  }
  if ((allow.bits & deny.bits) !== 0) return { issues: [{ path: 'deny', message: 'must not name a permission that allow names too' }] };
  return { allow: allow.bits, deny: deny.bits };
}

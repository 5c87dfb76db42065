import type { PermissionBits } from '../entities/permissions';
import type { PermissionOverwrite } from '../entities/role';
import type { Issue } from '../errors';
import { channelNameIssues } from './name-rules';
import { permissionBitsOf } from './role-rules';
import { cleanTextIssues, codePointLength } from './text';

export const CHANNEL_TOPIC = { max: 1024 } as const;

/** How many overwrites a channel may be created with (more may be set one by one afterwards). */
export const MAX_NEW_CHANNEL_OVERWRITES = 100;

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

/** One overwrite of a channel being created: an `OverwriteInput` for the target `id`. */
export interface NewOverwriteInput extends OverwriteInput {
  readonly id: string;
}

/**
 * A new channel's overwrites as stored, or their issues (each under `permissionOverwrites.N`): at
 * most `MAX_NEW_CHANNEL_OVERWRITES`, one per target, each valid as `overwriteBitsOf` has it.
 */
export function newOverwritesOf(inputs: readonly NewOverwriteInput[]): PermissionOverwrite[] | { issues: Issue[] } {
  const issues: Issue[] = [];
  if (inputs.length > MAX_NEW_CHANNEL_OVERWRITES) issues.push({ path: 'permissionOverwrites', message: `must hold at most ${MAX_NEW_CHANNEL_OVERWRITES} overwrites` });
  const seen = new Set<string>();
  const overwrites = inputs.flatMap((input, i): PermissionOverwrite[] => {
    const bits = overwriteBitsOf(input);
    if (seen.has(input.id)) issues.push({ path: `permissionOverwrites.${i}.id`, message: 'names a target another overwrite names' });
    seen.add(input.id);
    if ('issues' in bits) {
      issues.push(...bits.issues.map((issue) => ({ ...issue, path: `permissionOverwrites.${i}.${issue.path}` })));
      return [];
    }
    return [{ id: input.id, type: input.type, allow: bits.allow, deny: bits.deny }];
  });
  // By target id, as a channel keeps them (ids are decimal: the shorter is the smaller).
  const byId = (a: PermissionOverwrite, b: PermissionOverwrite) => a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return issues.length > 0 ? { issues } : overwrites.sort(byId);
}

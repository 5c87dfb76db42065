import { MAX_GROUP_RECIPIENTS } from '../entities/conversation';
import type { Issue } from '../errors';
import { isId, type Id } from '../ids';
import { channelNameIssues } from './name-rules';

/**
 * The recipients one opens a conversation with, the caller left out: one opens a one-to-one, 2 to
 * `MAX_GROUP_RECIPIENTS - 1` a group. Each an id, none twice, not the caller.
 */
export function recipientIdsIssues(recipientIds: readonly string[], callerId: Id, path = 'recipientIds'): Issue[] {
  const max = MAX_GROUP_RECIPIENTS - 1;
  if (recipientIds.length < 1 || recipientIds.length > max) return [{ path, message: `must name 1 to ${max} users` }];
  const seen = new Set<string>();
  return recipientIds.flatMap((id, index): Issue[] => {
    const at = `${path}.${index}`;
    if (!isId(id)) return [{ path: at, message: 'must be a user id' }];
    if (id === callerId) return [{ path: at, message: 'is you: name the others' }];
    if (seen.has(id)) return [{ path: at, message: 'names a user already named' }];
    seen.add(id);
    return [];
  });
}

/** A group's name: a shown name of 1 to 100 characters, or null for none. */
export const groupNameIssues = (name: string | null, path = 'name'): Issue[] => (name === null ? [] : channelNameIssues(name, path));

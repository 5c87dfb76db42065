import type { Issue } from '../errors';
import { isId, type Id } from '../ids';

/** Whom a user may name to block or unblock: a user id, and not their own. */
export function blockTargetIssues(actorId: Id, userId: string, path = 'userId'): Issue[] {
  if (!isId(userId)) return [{ path, message: 'must be a user id' }];
  if (userId === actorId) return [{ path, message: 'must be another user: you cannot block yourself' }];
  return [];
}

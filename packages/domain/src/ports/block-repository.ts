import type { Block } from '../entities/block';
import type { UserSummary } from '../entities/user';
import type { Id } from '../ids';
import type { IdPage } from '../rules/message-rules';

export interface BlockRepository {
  /** `userId` blocks `blockedId`; 'already' when they did before (that block, and its time, stay). */
  block(block: Block): Promise<'blocked' | 'already'>;
  unblock(userId: Id, blockedId: Id): Promise<'unblocked' | 'absent'>;
  /** Whether `userId` blocks `blockedId` (one way). */
  isBlocking(userId: Id, blockedId: Id): Promise<boolean>;
  /** How many users `userId` blocks. */
  count(userId: Id): Promise<number>;
  /** The users `userId` blocks, in id order, after `page.after` (a user id, blocked or not). */
  list(userId: Id, page: IdPage): Promise<UserSummary[]>;
  /** Whether either of the two blocks the other. */
  between(a: Id, b: Id): Promise<boolean>;
}

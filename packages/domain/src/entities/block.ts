import type { Id } from '../ids';

/** One user keeping another away: who blocked whom, and since when. */
export interface Block {
  readonly userId: Id;
  readonly blockedId: Id;
  readonly createdAt: Date;
}

/**
 * A page of one's blocks, in the blocked users' id order. The default is the whole list: it is never
 * longer than the `blocks` quota (`DEFAULT_QUOTAS.blocks`).
 */
export const BLOCK_PAGE_LIMIT = { min: 1, max: 1000, default: 1000 } as const;

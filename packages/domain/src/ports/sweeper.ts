export interface SweepOutcome {
  /** False: another replica was sweeping; nothing was done. */
  readonly held: boolean;
  readonly sessions: number;
  readonly refreshTokens: number;
  readonly idempotencyKeys: number;
  /** Uploads never attached to a message, and the files of deleted messages, deleted with their files. */
  readonly uploads: number;
}

/**
 * Deletes expired sessions, refresh tokens and idempotency keys, and the uploads not attached within
 * `UNATTACHED_TTL_MS` and those of deleted messages (row and file), up to `batch` of each per call, one replica at a time. The
 * housekeeping loop's port, not a use case's.
 */
export interface Sweeper {
  sweep(now: Date, batch?: number): Promise<SweepOutcome>;
}

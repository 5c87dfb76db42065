import type { Session } from '../entities/session';
import type { Id } from '../ids';

export interface SessionRepository {
  create(session: Session): Promise<void>;
  find(id: Id): Promise<Session | null>;
  /** The user's sessions that have not expired at `now`, newest first. */
  listForUser(userId: Id, now: Date): Promise<Session[]>;
  /** Idempotent: revoking a revoked session is harmless. */
  revoke(id: Id): Promise<void>;
  /** Revokes the session only if it is the user's. */
  revokeOwn(userId: Id, id: Id): Promise<'revoked' | 'absent'>;
  /** Every session of the user, but `exceptId` if given; answers how many went. */
  revokeAllForUser(userId: Id, exceptId?: Id): Promise<number>;
  /** Moves the session's expiry (a bot's token family that got a new refresh token). */
  extend(id: Id, expiresAt: Date): Promise<void>;
  /**
   * Records a use of the session at `at`. Cheap enough for every request: a store may skip writes
   * for a session it recorded less than `SESSION_USE_GRANULARITY_MS` before.
   */
  touch(id: Id, at: Date): Promise<void>;
  /** Deletes up to `limit` sessions expired at `now`; answers how many. */
  sweepExpired(now: Date, limit: number): Promise<number>;
}

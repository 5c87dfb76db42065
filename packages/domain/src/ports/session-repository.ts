import type { Session } from '../entities/session';
import type { Id } from '../ids';

export interface SessionRepository {
  create(session: Session): Promise<void>;
  find(id: Id): Promise<Session | null>;
  /** Idempotent: revoking a revoked session is harmless. */
  revoke(id: Id): Promise<void>;
  revokeAllForUser(userId: Id): Promise<void>;
}

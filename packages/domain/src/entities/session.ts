import type { Id } from '../ids';

/** A login. Tokens carry the session id, so revoking the session revokes every token it issued. */
export interface Session {
  readonly id: Id;
  readonly userId: Id;
  readonly createdAt: Date;
}

/** Who is calling, once their token has been checked. */
export interface Actor {
  readonly userId: Id;
  readonly sessionId: Id;
}

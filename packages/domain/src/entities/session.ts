import type { Id } from '../ids';

/** A login. Tokens carry the session id, so revoking the session revokes every token it issued. */
export interface Session {
  readonly id: Id;
  readonly userId: Id;
  readonly createdAt: Date;
  /** When its tokens stop working (a login: the token lifetime; a bot's token family: its refresh token's). Swept after. */
  readonly expiresAt: Date;
  /** When a request last came with one of its tokens, to within `SESSION_USE_GRANULARITY_MS`. */
  readonly lastUsedAt: Date;
  /** The `User-Agent` it logged in with, if any (at most 256 characters). */
  readonly userAgent: string | null;
}

/** How finely `lastUsedAt` is kept: a store may skip recording uses closer together than this. */
export const SESSION_USE_GRANULARITY_MS = 5 * 60_000;

export const USER_AGENT_MAX = 256;

/** A `User-Agent` header as a session keeps it: trimmed, cut to 256 characters, control characters dropped. */
export function sessionUserAgent(header: string | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = header?.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, USER_AGENT_MAX);
  return cleaned ? cleaned : null;
}

/** A session as its user's list shows it: `current` marks the one the request came with. */
export interface SessionView extends Session {
  readonly current: boolean;
}

/** Who is calling, once their token has been checked. */
export interface Actor {
  readonly userId: Id;
  readonly sessionId: Id;
  /**
   * A bot's: the user who owns its application, as its token says (an owner's bots share one send
   * limit). Absent for people, and in bot tokens issued before tokens carried it.
   */
  readonly botOwnerId?: Id;
}

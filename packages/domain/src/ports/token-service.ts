import type { Actor } from '../entities/session';

/** Signs and checks access tokens. Checking proves the token is genuine, not that its session lives. */
export interface TokenService {
  /** The configured lifetime of a token, in seconds: a login's session lasts as long. */
  readonly lifetimeSeconds: number;
  /** `ttlSeconds` overrides the configured lifetime (short-lived bot access tokens). */
  issue(actor: Actor, ttlSeconds?: number): Promise<string>;
  verify(token: string): Promise<Actor | null>;
}

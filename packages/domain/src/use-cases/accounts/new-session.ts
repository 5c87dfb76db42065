import type { Id } from '../../ids';
import type { Session } from '../../entities/session';

/** What the request says of the client; kept with the session. */
export interface SessionClient {
  readonly userAgent?: string | null;
}

/** A session that starts `now` and lasts as long as its first token. */
export const newSession = (id: Id, userId: Id, now: Date, lifetimeSeconds: number, client: SessionClient = {}): Session => ({
  id,
  userId,
  createdAt: now,
  expiresAt: new Date(now.getTime() + lifetimeSeconds * 1000),
  lastUsedAt: now,
  userAgent: client.userAgent ?? null,
});

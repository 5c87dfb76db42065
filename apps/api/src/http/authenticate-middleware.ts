import type { Actor, Authenticate } from '@chat/domain';
import type { RequestHandler, Response } from 'express';
import { problemFor } from './error-mapping';
import { sendProblem } from './problem';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      actor?: Actor;
      /** Set by a limiter that counts only live sessions; the edge calls it once it has seen the session live. */
      spendRateLimit?: () => void;
    }
  }
}

/** `Authorization: <token>` as the interface shows it, or the usual `Bearer <token>`. */
export function tokenFrom(header: string | undefined): string | null {
  if (!header) return null;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? header.trim();
  return token.length > 0 && !/\s/.test(token) ? token : null;
}

/**
 * The one way a route answers a bad, expired or revoked token. RFC 6750: the caller is told how to
 * authenticate. A limiter may have looked at the token owner's limit before the session was known:
 * its headers are theirs, not the caller's.
 */
export function sendUnauthenticated(res: Response): void {
  res.setHeader('WWW-Authenticate', 'Bearer');
  res.removeHeader('RateLimit');
  res.removeHeader('RateLimit-Policy');
  sendProblem(res, problemFor({ kind: 'InvalidToken' }));
}

/**
 * `claimsOnly`: the signature alone; the route's use case checks the session itself. `touch` hears
 * of every accepted token, without being waited for (the session's `lastUsedAt`; a store writes that
 * at most every few minutes per session, and a failure to record it fails no request). `optional`:
 * a request without an `Authorization` header goes on with no actor.
 */
export function authenticateMiddleware(authenticate: Authenticate, claimsOnly = false, touch?: (actor: Actor) => Promise<unknown>, optional = false): RequestHandler {
  return async (req, res, next) => {
    if (optional && req.headers.authorization === undefined) return next();
    const token = tokenFrom(req.headers.authorization);
    const result = token ? await (claimsOnly ? authenticate.claims(token) : authenticate.execute(token)) : null;
    if (!result?.ok) return sendUnauthenticated(res);
    res.locals.actor = result.value;
    if (touch) touch(result.value).catch(() => undefined);
    next();
  };
}

import type { Actor, Authenticate } from '@chat/domain';
import type { RequestHandler, Response } from 'express';
import { problemFor } from './error-mapping';
import { sendProblem } from './problem';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      actor?: Actor;
    }
  }
}

/** `Authorization: <token>` as the interface shows it, or the usual `Bearer <token>`. */
export function tokenFrom(header: string | undefined): string | null {
  if (!header) return null;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? header.trim();
  return token.length > 0 && !/\s/.test(token) ? token : null;
}

export const sendUnauthenticated = (res: Response): void => sendProblem(res, problemFor({ kind: 'InvalidToken' }));

/** `claimsOnly`: the signature alone; the route's use case checks the session itself. */
export function authenticateMiddleware(authenticate: Authenticate, claimsOnly = false): RequestHandler {
  return async (req, res, next) => {
    const token = tokenFrom(req.headers.authorization);
    const result = token ? await (claimsOnly ? authenticate.claims(token) : authenticate.execute(token)) : null;
    if (!result?.ok) return sendUnauthenticated(res);
    res.locals.actor = result.value;
    next();
  };
}

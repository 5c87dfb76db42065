import type { Actor, Authenticate } from '@chat/domain';
import type { RequestHandler } from 'express';
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

export function authenticateMiddleware(authenticate: Authenticate): RequestHandler {
  return async (req, res, next) => {
    const token = tokenFrom(req.headers.authorization);
    const result = token ? await authenticate.execute(token) : null;
    if (!result?.ok) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return sendProblem(res, problemFor({ kind: 'InvalidToken' }));
    }
    res.locals.actor = result.value;
    next();
  };
}

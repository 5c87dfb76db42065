import { STATUS_CODES } from 'node:http';
import type { Issue } from '@chat/domain';
import type { Response } from 'express';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** Set by a per-user limiter once it has counted the request; a 401 calls it to give the hit back. */
      giveBackRateLimit?: () => void;
    }
  }
}

/** RFC 9457 problem details, plus a stable machine `code`. */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: string;
  readonly errors?: readonly Issue[];
}

export function problem(status: number, code: string, detail: string, errors?: readonly Issue[]): Problem {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    code,
    ...(errors ? { errors } : {}),
  };
}

/** Sends the problem with this request's id, so a report can be matched with the logs. */
export function sendProblem(res: Response, body: Problem): void {
  const requestId = res.locals.requestId;
  // RFC 6750: a request that lacks a valid bearer token is told how to authenticate.
  if (body.code === 'UNAUTHENTICATED' && body.status === 401) {
    res.setHeader('WWW-Authenticate', 'Bearer');
    // A per-user limiter counts before the session is known: the hit is the token owner's to keep,
    // and so are the headers that describe their limit.
    res.locals.giveBackRateLimit?.();
    res.removeHeader('RateLimit');
    res.removeHeader('RateLimit-Policy');
  }
  res
    .status(body.status)
    .type('application/problem+json')
    .send(JSON.stringify(requestId ? { ...body, requestId } : body));
}

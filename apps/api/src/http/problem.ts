import { STATUS_CODES } from 'node:http';
import type { Issue } from '@chat/domain';
import type { Response } from 'express';

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
    // A per-user limiter counts before the session is known; its headers describe the token's owner.
    res.removeHeader('RateLimit');
    res.removeHeader('RateLimit-Policy');
  }
  res
    .status(body.status)
    .type('application/problem+json')
    .send(JSON.stringify(requestId ? { ...body, requestId } : body));
}

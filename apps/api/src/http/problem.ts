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
  res
    .status(body.status)
    .type('application/problem+json')
    .send(JSON.stringify(requestId ? { ...body, requestId } : body));
}

import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      requestId?: string;
    }
  }
}

/** An incoming X-Request-Id is kept when it looks like an id, so a trace crosses the load balancer. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
};

/**
 * One JSON line per request: id, method, route, status, duration. No headers, no bodies, no query
 * strings: tokens, passwords and message contents never reach the logs.
 */
const routeOf = (req: Request): string => (typeof req.route?.path === 'string' ? req.route.path : '(no route)');

export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp<Request, Response>({
    logger,
    genReqId: (_req, res) => String(res.getHeader('X-Request-Id') ?? randomUUID()),
    serializers: {
      // The matched route, not the path: a path can carry an invite code, which admits anyone.
      req: (req: { id: unknown; method: string }) => ({ id: req.id, method: req.method }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
    // Added when the request ends (customProps runs at its start too, which doubled the key).
    customSuccessObject: (req, _res, value: object) => ({ ...value, route: routeOf(req) }),
    customErrorObject: (req, _res, _error, value: object) => ({ ...value, route: routeOf(req) }),
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res, responseTime) => `${req.method} ${res.statusCode} ${Math.round(responseTime)}ms`,
    customErrorMessage: (req, res) => `${req.method} ${res.statusCode}`,
  });
}

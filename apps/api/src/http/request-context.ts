import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      requestId?: string;
      /** The W3C trace this request belongs to, when the caller sent a valid `traceparent`. */
      trace?: { readonly traceId: string; readonly parentId: string };
    }
  }
}

/** An incoming X-Request-Id is kept when it looks like an id, so a trace crosses the load balancer. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** W3C Trace Context: version 00, a trace id and a parent span id that are not all zeros, flags. */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;

/** The trace a `traceparent` header names, or undefined for none or a malformed one (ignored, as the spec says). */
export function traceOf(header: string | string[] | undefined): { traceId: string; parentId: string } | undefined {
  const match = typeof header === 'string' ? TRACEPARENT.exec(header.trim()) : null;
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return undefined;
  return { traceId: match[1]!, parentId: match[2]! };
}

export const requestId: RequestHandler = (req, res, next) => {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
  res.locals.requestId = id;
  res.setHeader('X-Request-Id', id);
  const trace = traceOf(req.headers.traceparent);
  if (trace) res.locals.trace = trace;
  next();
};

/**
 * One JSON line per request when it ends: id, method, route, status, duration. No headers, no
 * bodies, no query strings: tokens, passwords and message contents never reach the logs. Written by
 * hand rather than with pino-http, which serialized every request's headers before our serializer
 * threw them away and made a child logger per request (it showed in CPU profiles of a message POST).
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    // 'close' comes after 'finish' when the response was sent, and alone when it was cut short.
    const done = () => {
      const responseTime = Math.round(performance.now() - started);
      // The matched route, not the path: a path can carry an invite code, which admits anyone.
      const trace = res.locals.trace;
      const line = {
        req: { id: res.locals.requestId, method: req.method },
        ...(trace ? { trace: { id: trace.traceId, parent: trace.parentId } } : {}),
        route: routeTemplateOf(req) ?? '(no route)',
        res: { status: res.statusCode },
        responseTime,
      };
      if (!res.writableFinished) {
        // No status was sent if no header was: the 200 Node starts with would be a lie.
        const aborted = { ...line, res: { status: res.headersSent ? res.statusCode : null }, aborted: true };
        logger.warn(aborted, `${req.method} aborted by the client after ${responseTime}ms`);
      }
      else if (res.statusCode >= 500) logger.error(line, `${req.method} ${res.statusCode} ${responseTime}ms`);
      else logger.info(line, `${req.method} ${res.statusCode} ${responseTime}ms`);
    };
    res.once('close', done);
    next();
  };
}

/** The route template the request matched (`/api/invites/:code`, never the path itself), if any did. */
export const routeTemplateOf = (req: Request): string | undefined => (typeof req.route?.path === 'string' ? req.route.path : undefined);

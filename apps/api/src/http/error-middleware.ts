import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { problem, sendProblem } from './problem';

interface HttpError {
  readonly status?: number;
  readonly type?: string;
}

const isHttpError = (error: unknown): error is HttpError => typeof error === 'object' && error !== null;

/**
 * Errors raised by body parsing, in the contract's shape; an error that says it is a 503 (a busy
 * resource of our own), 503 with its `Retry-After`; a backing service that is away, 503;
 * anything else is ours: logged, and a bare 500.
 */
export function errorMiddleware(logger: Logger, isUnavailable: (error: unknown) => boolean): ErrorRequestHandler {
  // An outage fails every request: one warning per quarter minute says so without flooding.
  let lastOutageWarning = 0;
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const { status, type } = isHttpError(error) ? error : {};
    if (type === 'entity.parse.failed') return sendProblem(res, problem(400, 'MALFORMED_JSON', 'The body is not valid JSON.'));
    if (type === 'entity.too.large') return sendProblem(res, problem(413, 'PAYLOAD_TOO_LARGE', 'The body is larger than 64 KiB.'));
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      return sendProblem(res, problem(415, 'UNSUPPORTED_MEDIA_TYPE', 'The body must be UTF-8 JSON.'));
    }
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return sendProblem(res, problem(status, 'BAD_REQUEST', 'The request could not be read.'));
    }
    if (status === 503) {
      // Overloaded for a moment (password hashing at capacity): the error says how long to wait.
      const wait = isHttpError(error) && 'retryAfterSeconds' in error ? Number(error.retryAfterSeconds) : 1;
      res.setHeader('Retry-After', String(Number.isInteger(wait) && wait > 0 ? wait : 1));
      return sendProblem(res, problem(503, 'SERVICE_UNAVAILABLE', 'The service is busy; retry shortly.'));
    }
    if (isUnavailable(error)) {
      if (Date.now() - lastOutageWarning > 15_000) {
        lastOutageWarning = Date.now();
        logger.warn({ err: error }, 'a backing service is unavailable: answering 503');
      }
      res.setHeader('Retry-After', '5');
      return sendProblem(res, problem(503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable; retry shortly.'));
    }
    logger.error({ err: error, method: req.method, route: req.route?.path }, 'unhandled error');
    sendProblem(res, problem(500, 'INTERNAL', 'Something went wrong on our side.'));
  };
}

export const notFoundMiddleware: RequestHandler = (req, res) =>
  sendProblem(res, problem(404, 'NOT_FOUND', `No route for ${req.method} ${req.path}.`));

import type { Authenticate, Issue } from '@chat/domain';
import express, { type RequestHandler, type Router } from 'express';
import type { z } from 'zod';
import { authenticateMiddleware } from './authenticate-middleware';
import { problem, sendProblem } from './problem';
import type { RateLimiters } from './rate-limits';
import type { RouteSpec } from './route';

const JSON_TYPES = ['application/json', 'application/*+json'];
export const BODY_LIMIT = '64kb';

const parseJson = express.json({ limit: BODY_LIMIT, type: JSON_TYPES });

/** A body that is there but is not JSON; a request without a body is validated as `{}`. */
const requireJson: RequestHandler = (req, res, next) => {
  const empty = req.headers['content-length'] === '0';
  if (!empty && req.is(JSON_TYPES) === false) {
    return sendProblem(res, problem(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.'));
  }
  next();
};

function collect<T>(schema: z.ZodType<T, unknown> | undefined, input: unknown, issues: Issue[]): T | undefined {
  if (!schema) return undefined;
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) issues.push({ path: issue.path.join('.'), message: issue.message });
  return undefined;
}

/** Order: rate limit (by address) → authenticate → rate limit (by user) → parse → validate → handle. */
export function mountRoute(
  router: Router,
  spec: RouteSpec<unknown, unknown>,
  authenticate: Authenticate,
  limiters: RateLimiters,
): void {
  const limiter = spec.rateLimit ? limiters[spec.rateLimit] : undefined;
  const chain: RequestHandler[] = [];
  if (limiter && !spec.auth) chain.push(limiter);
  if (spec.auth) chain.push(authenticateMiddleware(authenticate));
  if (limiter && spec.auth) chain.push(limiter);
  if (spec.body) chain.push(requireJson, parseJson);

  chain.push(async (req, res) => {
    const issues: Issue[] = [];
    const body = collect(spec.body, req.body ?? {}, issues);
    const query = collect(spec.query, req.query, issues);
    if (issues.length > 0) return sendProblem(res, problem(400, 'VALIDATION_FAILED', 'The request has invalid fields.', issues));

    const actor = res.locals.actor ?? { userId: '', sessionId: '' };
    const result = await spec.handle({ actor, body, query, params: req.params, req });
    if ('problem' in result) return sendProblem(res, result.problem);
    if (result.body === undefined) return void res.status(result.status).end();
    res.status(result.status).json(result.body);
  });

  router[spec.method](spec.path, ...chain);
}

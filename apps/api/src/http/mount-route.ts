import { isDeepStrictEqual } from 'node:util';
import { validationFailed, type Actor, type Issue, type UseCases } from '@chat/domain';
import express, { type RequestHandler, type Response, type Router } from 'express';
import type { z } from 'zod';
import { authenticateMiddleware, sendUnauthenticated } from './authenticate-middleware';
import { problemFor } from './error-mapping';
import { fingerprintOf, idempotencyKeyOf, type IdempotencyStore } from './idempotency';
import { problem, sendProblem } from './problem';
import type { RateLimiters } from './rate-limits';
import { rateLimitOf, type Reply, type RouteContext, type RouteSpec } from './route';

const JSON_TYPES = ['application/json', 'application/*+json'];
export const BODY_LIMIT = '64kb';

// Not strict: any JSON value parses, so `null` or `5` is a validation problem (the body must be an object), not malformed JSON.
const parseJson = express.json({ limit: BODY_LIMIT, type: JSON_TYPES, strict: false });

/** A body that is there but is not JSON; a request without a body is validated as `{}`. */
const unsupportedMediaType = (res: Response): void =>
  sendProblem(res, problem(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.'));

function collect<T>(schema: z.ZodType<T, unknown> | undefined, input: unknown, issues: Issue[]): T | undefined {
  if (!schema) return undefined;
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) issues.push({ path: issue.path.join('.'), message: issue.message });
  return undefined;
}

/**
 * What `res.json` would send, written directly: Express's `send` also works out ETags (off here),
 * freshness and charsets, which showed in the API's CPU profile of a message POST. Node drops the body
 * of a HEAD.
 */
function sendJson(res: Response, status: number, json: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

/**
 * In tests, every success goes through the route's documented status and response schema: a body
 * that strays from what the OpenAPI document promises fails the request (500) and so the test.
 */
function checkResponse(spec: RouteSpec<unknown, unknown>, status: number, body: unknown): void {
  if (status !== spec.success.status) throw new Error(`${spec.operationId} answered ${status}, documented ${spec.success.status}`);
  const schema = spec.success.schema;
  if (!schema) {
    if (body !== undefined) throw new Error(`${spec.operationId} documents no body but sent one`);
    return;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`${spec.operationId} answered a body its schema refuses: ${parsed.error.message}`);
  // zod drops keys it does not know: a body with more than the schema describes differs from its parse.
  if (!isDeepStrictEqual(parsed.data, body)) throw new Error(`${spec.operationId} answered fields its schema does not describe`);
}

/** Order: rate limit (by address) → authenticate → rate limit (by user) → parse → rate limit (by what the body names) → validate → handle. */
export interface EdgeOptions {
  readonly limiters: RateLimiters;
  readonly checkResponses?: boolean;
  /** Hears of every accepted token (the session's `lastUsedAt`), without being waited for. */
  readonly touch?: (actor: Actor) => Promise<unknown>;
  /** Where `Idempotency-Key`s live, for routes marked `idempotent`. */
  readonly idempotency?: IdempotencyStore;
}

export function mountRoute(router: Router, spec: RouteSpec<unknown, unknown>, useCases: UseCases, edge: EdgeOptions): void {
  const authenticate = useCases.authenticate;
  const { limiters, checkResponses = false, touch, idempotency } = edge;
  const limitedBy = rateLimitOf(spec);
  const limiter = limitedBy ? limiters[limitedBy] : undefined;
  const authenticated = spec.auth !== 'public' && spec.auth !== 'optional';
  const deferred = spec.auth === 'claims-checked-in-the-statement';
  /**
   * Where the use case checks the session, a problem found before it (media type, JSON, fields)
   * waits for a session check of its own: a revoked token hears 401 first, as on every route.
   */
  const unlessRevoked =
    (send: (res: Response) => void): RequestHandler =>
    async (_req, res) => {
      if (deferred && res.locals.actor && !(await authenticate.isLive(res.locals.actor))) return sendUnauthenticated(res);
      send(res);
    };
  /** 400 VALIDATION_FAILED with every issue, in the shape the use cases' refusals have too. */
  const refuseInvalid = (issues: readonly Issue[]): RequestHandler => unlessRevoked((r) => sendProblem(r, problemFor(validationFailed(issues))));
  const chain: RequestHandler[] = [];
  if (limiter && !authenticated) chain.push(limiter);
  if (authenticated) chain.push(authenticateMiddleware(authenticate, deferred, touch));
  if (spec.auth === 'optional') chain.push(authenticateMiddleware(authenticate, false, touch, true));
  if (limiter && authenticated) chain.push(limiter);
  if (spec.body) {
    chain.push((req, res, next) => {
      if (req.headers['content-length'] === '0' || req.is(JSON_TYPES) !== false) return next();
      return unlessRevoked(unsupportedMediaType)(req, res, next);
    });
    chain.push((req, res, next) =>
      parseJson(req, res, (error?: unknown) => {
        if (!error || !deferred) return next(error);
        // Called back outside Express's promise handling: a failed session check goes to next itself.
        Promise.resolve(unlessRevoked(() => next(error))(req, res, next)).catch(next);
      }),
    );
  }
  const bodyLimiter = spec.bodyRateLimit ? limiters[spec.bodyRateLimit] : undefined;
  if (bodyLimiter) chain.push(bodyLimiter);

  chain.push(async (req, res, next) => {
    const issues: Issue[] = [];
    const body = collect(spec.body, req.body === undefined ? {} : req.body, issues);
    const query = collect(spec.query, req.query, issues);
    if (issues.length > 0) {
      return refuseInvalid(issues)(req, res, next);
    }

    const actor = res.locals.actor;
    if (authenticated && !actor) return sendUnauthenticated(res);

    // Idempotency-Key: a retry of a request already answered gets that answer, with no second write.
    const idempotencyKey = spec.idempotent && idempotency && actor ? idempotencyKeyOf(req) : undefined;
    if (idempotencyKey && 'invalid' in idempotencyKey) {
      return refuseInvalid([{ path: 'Idempotency-Key', message: idempotencyKey.invalid }])(req, res, next);
    }
    const claimed = idempotencyKey ? { userId: actor!.userId, key: idempotencyKey.key } : undefined;
    const context = { actor, body, query, params: req.params, req, useCase: useCases[spec.useCase] } as RouteContext<unknown, unknown>;
    const renewal = typeof spec.idempotent === 'object' ? spec.idempotent : undefined;
    if (claimed) {
      // Never replay to a revoked session, not even its own earlier answer.
      if (deferred && !(await authenticate.isLive(actor!))) return sendUnauthenticated(res);
      const claim = await idempotency!.claim(claimed.userId, claimed.key, fingerprintOf(req), new Date());
      if (claim.kind === 'mismatch') {
        return sendProblem(res, problem(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request (method, path or body).'));
      }
      if (claim.kind === 'in-flight') {
        return sendProblem(res, problem(409, 'IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being answered; retry later.'));
      }
      if (claim.kind === 'done') {
        res.setHeader('Idempotent-Replayed', 'true');
        // The stored answer lacks the secret it showed: the replay shows a new one.
        if (renewal && claim.body !== null) return answer(await renewal.renew({ ...context, useCase: useCases[renewal.useCase] }, JSON.parse(claim.body) as Record<string, unknown>, claim.status));
        if (claim.body === null) return void res.status(claim.status).end();
        return sendJson(res, claim.status, claim.body);
      }
    }
    const release = () => (claimed ? idempotency!.release(claimed.userId, claimed.key) : Promise.resolve());

    let result: Awaited<ReturnType<typeof spec.handle>>;
    try {
      result = await spec.handle(context);
    } catch (error) {
      // Nothing was answered: a retry with the key may try again.
      await release().catch(() => undefined);
      throw error;
    }
    if ('error' in result || 'problem' in result) await release();
    else if (claimed) await idempotency!.complete(claimed.userId, claimed.key, result.status, storedJson(result, renewal?.field));
    return answer(result);

    async function answer(result: Reply): Promise<void> {
      if ('error' in result) {
        // A refusal the use case made before its statement looked at the session: 401 still comes first.
        if (result.error.kind === 'InvalidToken') return sendUnauthenticated(res);
        if (deferred && !(await authenticate.isLive(actor!))) return sendUnauthenticated(res);
      }
      // The session is live: a limit that counts only live sessions counts this request now.
      res.locals.spendRateLimit?.();
      if ('error' in result) return sendProblem(res, problemFor(result.error));
      if ('problem' in result) return sendProblem(res, result.problem);
      if (checkResponses) checkResponse(spec, result.status, 'json' in result ? JSON.parse(result.json) : result.body);
      const json = jsonOf(result);
      if (json === null) return void res.status(result.status).end();
      sendJson(res, result.status, json);
    }
  });

  router[spec.method](spec.path, ...chain);
}

const jsonOf = (result: { readonly status: number; readonly body?: unknown } | { readonly status: number; readonly json: string }): string | null =>
  'json' in result ? result.json : result.body === undefined ? null : JSON.stringify(result.body);

/** The answer as kept for a replay: without the secret field of a `SecretRenewal` route. */
function storedJson(result: { readonly status: number; readonly body?: unknown } | { readonly status: number; readonly json: string }, secret: string | undefined): string | null {
  if (secret === undefined || 'json' in result || typeof result.body !== 'object' || result.body === null) return jsonOf(result);
  const { [secret]: _shownOnce, ...kept } = result.body as Record<string, unknown>;
  return JSON.stringify(kept);
}

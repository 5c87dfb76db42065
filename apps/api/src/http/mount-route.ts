import { validationFailed, type Actor, type Issue, type UseCases } from '@chat/domain';
import express, { type RequestHandler, type Response, type Router } from 'express';
import type { z } from 'zod';
import { authenticateMiddleware, sendUnauthenticated } from './authenticate-middleware';
import { problemFor } from './error-mapping';
import { fingerprintOf, idempotencyKeyOf, type IdempotencyStore } from './idempotency';
import { problem, sendProblem } from './problem';
import type { RateLimiters } from './rate-limits';
import { checkResponse, jsonOf, sendJson, storedJson } from './reply-json';
import { rateLimitOf, type Reply, type RouteContext, type RouteSpec } from './route';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** What the route's handler is given, once `validate` has read the request. */
      routeCall?: RouteContext<unknown, unknown>;
      /** The Idempotency-Key this request holds (`replayIdempotent`), until it is answered. */
      heldKey?: HeldKey;
    }
  }
}

const JSON_TYPES = ['application/json', 'application/*+json'];
export const BODY_LIMIT = '64kb';

// Not strict: any JSON value parses, so `null` or `5` is a validation problem (the body must be an object), not malformed JSON.
const parseJson = express.json({ limit: BODY_LIMIT, type: JSON_TYPES, strict: false });

export interface EdgeOptions {
  readonly limiters: RateLimiters;
  readonly checkResponses?: boolean;
  /** Hears of every accepted token (the session's `lastUsedAt`), without being waited for. */
  readonly touch?: (actor: Actor) => Promise<unknown>;
  /** Where `Idempotency-Key`s live, for routes marked `idempotent`. */
  readonly idempotency?: IdempotencyStore;
  /**
   * Signs the files' links of the messages in an answer (`signAttachmentUrls`), as it is sent: the
   * stored answers (the database's pages, a kept `Idempotency-Key` answer) hold them unsigned, so
   * each read, a replay too, brings links fresh from then.
   */
  readonly signLinks?: (json: string) => string;
}

/** A route as its steps see it. `deferred`: its use case checks the session; the edge checked only the signature. */
interface MountedRoute {
  readonly spec: RouteSpec<unknown, unknown>;
  readonly useCases: UseCases;
  readonly edge: EdgeOptions;
  readonly deferred: boolean;
}

/** One step of the edge: a middleware, or none when the route does not need it. */
type Step = (route: MountedRoute) => RequestHandler | undefined;

/** An `Idempotency-Key` claimed for this request: kept with the answer, or let go for a retry to try again. */
interface HeldKey {
  complete(status: number, json: string | null): Promise<void>;
  release(): Promise<void>;
}

/**
 * A route's edge, in order. Each step answers a problem of its own or passes on: 429 by address, 401,
 * 429 by user, 415, 400/413 (JSON), 429 by what the body names, 400 (fields), then the idempotent
 * replay (409/422, or the first answer), then the handler and its answer.
 */
export function mountRoute(router: Router, spec: RouteSpec<unknown, unknown>, useCases: UseCases, edge: EdgeOptions): void {
  const route: MountedRoute = { spec, useCases, edge, deferred: spec.auth === 'claims-checked-in-the-statement' };
  const steps: Step[] = [limitByAddress, authenticate, limitByUser, requireJson, parseBody, limitByBody, validate, replayIdempotent, handle];
  router[spec.method](spec.path, ...steps.flatMap((step) => step(route) ?? []));
}

const signedIn = (spec: RouteSpec<unknown, unknown>): boolean => spec.auth === 'session' || spec.auth === 'claims-checked-in-the-statement';

/** The route's own limit, or the shared one for writes (see `rateLimitOf`). */
function limiterOf({ spec, edge }: MountedRoute): RequestHandler | undefined {
  const name = rateLimitOf(spec);
  return name ? edge.limiters[name] : undefined;
}

/** A route anyone may call counts by address, before any token is read. */
const limitByAddress: Step = (route) => (signedIn(route.spec) ? undefined : limiterOf(route));

/** Claims-only: the signature alone; `optional`: a request without a token goes on with no actor. */
const authenticate: Step = ({ spec, useCases, edge, deferred }) =>
  spec.auth === 'public' ? undefined : authenticateMiddleware(useCases.authenticate, deferred, edge.touch, spec.auth === 'optional');

/** A signed-in route counts by user, once the token is known. */
const limitByUser: Step = (route) => (signedIn(route.spec) ? limiterOf(route) : undefined);

/** A body that is there but is not JSON is 415; a request without a body is validated as `{}`. */
const requireJson: Step = (route) =>
  route.spec.body
    ? (req, res, next) => {
        if (req.headers['content-length'] === '0' || req.is(JSON_TYPES) !== false) return next();
        return sessionFirst(route, res, () => sendProblem(res, problem(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.')));
      }
    : undefined;

/** Malformed JSON is 400, a body over `BODY_LIMIT` 413 (both answered by the error middleware). */
const parseBody: Step = (route) =>
  route.spec.body
    ? (req, res, next) =>
        parseJson(req, res, (error?: unknown) => {
          if (!error || !route.deferred) return next(error);
          // Called back outside Express's promise handling: a failed session check goes to next itself.
          sessionFirst(route, res, () => next(error)).catch(next);
        })
    : undefined;

/** A second limit, keyed by what the body names (an account). */
const limitByBody: Step = ({ spec, edge }) => (spec.bodyRateLimit ? edge.limiters[spec.bodyRateLimit] : undefined);

/** Body and query against their schemas, every issue at once; then the call the handler is given. */
const validate: Step = (route) => async (req, res, next) => {
  const { spec, useCases } = route;
  const issues: Issue[] = [];
  const body = collect(spec.body, req.body === undefined ? {} : req.body, issues);
  const query = collect(spec.query, req.query, issues);
  if (issues.length > 0) return refuseInvalid(route, res, issues);
  const actor = res.locals.actor;
  if (signedIn(spec) && !actor) return sendUnauthenticated(res);
  res.locals.routeCall = { actor, body, query, params: req.params, req, useCase: useCases[spec.useCase] };
  next();
};

/** Idempotency-Key: a retry of a request already answered gets that answer, with no second write. */
const replayIdempotent: Step = (route) => {
  const { spec, edge, useCases } = route;
  const store = edge.idempotency;
  if (!spec.idempotent || !store) return undefined;
  const renewal = typeof spec.idempotent === 'object' ? spec.idempotent : undefined;
  return async (req, res, next) => {
    const actor = res.locals.actor;
    const header = actor ? idempotencyKeyOf(req) : undefined;
    if (!actor || !header) return next();
    if ('invalid' in header) return refuseInvalid(route, res, [{ path: 'Idempotency-Key', message: header.invalid }]);
    // Never replay to a revoked session, not even its own earlier answer.
    if (route.deferred && !(await useCases.authenticate.isLive(actor))) return sendUnauthenticated(res);
    const { userId } = actor;
    const { key } = header;
    const claim = await store.claim(userId, key, fingerprintOf(req), new Date());
    if (claim.kind === 'mismatch') {
      return sendProblem(res, problem(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request (method, path or body).'));
    }
    if (claim.kind === 'in-flight') {
      return sendProblem(res, problem(409, 'IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being answered; retry later.'));
    }
    if (claim.kind === 'claimed') {
      res.locals.heldKey = { complete: (status, json) => store.complete(userId, key, status, json), release: () => store.release(userId, key) };
      return next();
    }
    res.setHeader('Idempotent-Replayed', 'true');
    // The stored answer lacks the secret it showed: the replay shows a new one.
    if (renewal && claim.body !== null) {
      return answer(route, res, await renewal.renew({ ...callOf(res), useCase: useCases[renewal.useCase] }, JSON.parse(claim.body), claim.status));
    }
    if (claim.body === null) return void res.status(claim.status).end();
    return sendJson(res, claim.status, signed(route, claim.body));
  };
};

/** The handler, then its answer; a held key keeps a success for a replay, and is let go otherwise. */
const handle: Step = (route) => async (_req, res) => {
  const held = res.locals.heldKey;
  let result: Reply;
  try {
    result = await route.spec.handle(callOf(res));
  } catch (error) {
    // Nothing was answered: a retry with the key may try again.
    await held?.release().catch(() => undefined);
    throw error;
  }
  const renewal = typeof route.spec.idempotent === 'object' ? route.spec.idempotent : undefined;
  if ('error' in result || 'problem' in result) await held?.release();
  else await held?.complete(result.status, storedJson(result, renewal?.field));
  return answer(route, res, result);
};

async function answer(route: MountedRoute, res: Response, result: Reply): Promise<void> {
  if ('error' in result) {
    // A refusal the use case made before its statement looked at the session: 401 still comes first.
    if (result.error.kind === 'InvalidToken') return sendUnauthenticated(res);
    if (route.deferred && !(await isLive(route, res))) return sendUnauthenticated(res);
  }
  // The session is live: a limit that counts only live sessions counts this request now.
  res.locals.spendRateLimit?.();
  if ('error' in result) return sendProblem(res, problemFor(result.error));
  if ('problem' in result) return sendProblem(res, result.problem);
  if (route.edge.checkResponses) checkResponse(route.spec, result.status, 'json' in result ? JSON.parse(result.json) : result.body);
  const json = jsonOf(result);
  if (json === null) return void res.status(result.status).end();
  sendJson(res, result.status, signed(route, json));
}

const signed = ({ edge }: MountedRoute, json: string): string => (edge.signLinks ? edge.signLinks(json) : json);

function callOf(res: Response): RouteContext<unknown, unknown> {
  const call = res.locals.routeCall;
  if (!call) throw new Error('a route step ran before validate');
  return call;
}

/** Whether the caller's session is live; a request without a caller has none to revoke. */
async function isLive({ useCases }: MountedRoute, res: Response): Promise<boolean> {
  const actor = res.locals.actor;
  return !actor || (await useCases.authenticate.isLive(actor));
}

/**
 * Where the use case checks the session, a problem found before it (media type, JSON, fields) waits
 * for a session check of its own: a revoked token hears 401 first, as on every route.
 */
async function sessionFirst(route: MountedRoute, res: Response, send: () => void): Promise<void> {
  if (route.deferred && !(await isLive(route, res))) return sendUnauthenticated(res);
  send();
}

/** 400 VALIDATION_FAILED with every issue, in the shape the use cases' refusals have too. */
const refuseInvalid = (route: MountedRoute, res: Response, issues: readonly Issue[]): Promise<void> =>
  sessionFirst(route, res, () => sendProblem(res, problemFor(validationFailed(issues))));

function collect<T>(schema: z.ZodType<T, unknown> | undefined, input: unknown, issues: Issue[]): T | undefined {
  if (!schema) return undefined;
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) issues.push({ path: issue.path.join('.'), message: issue.message });
  return undefined;
}

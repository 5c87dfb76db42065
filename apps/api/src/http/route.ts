import type { Actor, DomainError, DomainErrorKind, Result, UseCases } from '@chat/domain';
import type { Request } from 'express';
import type { z } from 'zod';
import type { Problem } from './problem';
import { ROUTED_USE_CASES, type UseCaseClassOf, type UseCaseKey } from './use-case-classes';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type RateLimitName = 'sendMessage' | 'login' | 'loginAccount' | 'register' | 'oauthToken' | 'changePassword' | 'revokeSessions' | 'writes' | 'invitePreview' | 'openConversation' | 'upload' | 'typing' | 'search';

/**
 * The limit a route counts against: its own, or, for a signed-in write without one, the per-user
 * limit shared by every such write (`RATE_LIMIT_WRITES`). Reads are not limited.
 */
export function rateLimitOf(spec: { readonly method: Method; readonly auth: AuthMode; readonly rateLimit?: RateLimitName }): RateLimitName | undefined {
  if (spec.rateLimit) return spec.rateLimit;
  return spec.method !== 'get' && spec.auth !== 'public' && spec.auth !== 'optional' ? 'writes' : undefined;
}

/** What a handler answers; `K`: the error kinds it may answer with, as its use case declares them. */
export type Reply<K extends DomainErrorKind = DomainErrorKind> =
  | { readonly status: number; readonly body?: unknown }
  /** A body already rendered as JSON text (by the store), sent as it is. */
  | { readonly status: number; readonly json: string }
  /** A domain outcome: answered with its problem from the one table (error-mapping.ts). */
  // (An intersection, not ErrorOf: TypeScript then sees a route of fewer kinds as a route of any kind.)
  | { readonly error: DomainError & { readonly kind: K } }
  | { readonly problem: Problem };

/**
 * Who may call a route, and who checks the session:
 * - `session`: a token whose session is live, checked by the edge before the handler runs;
 * - `claims-checked-in-the-statement`: the edge checks the token's signature only, and the use case
 *   checks the session in its own single statement (the hot message routes: one round trip, not
 *   two). Only a use case that declares `checksSession` may be mounted so: anything else fails to
 *   compile, since it would accept revoked tokens;
 * - `public`: no token; the handler gets no actor;
 * - `optional`: anyone, but a token, if sent, must be live (checked as for `session`, 401 otherwise);
 *   the handler gets its actor, or none.
 */
export type AuthMode = 'session' | 'claims-checked-in-the-statement' | 'public' | 'optional';

/** What a route needs of its use case's class: its error kinds, and whether it checks the session itself. */
export interface UseCaseClass<K extends DomainErrorKind = DomainErrorKind> {
  readonly errors: readonly K[];
  readonly checksSession?: true;
}

/** The auth modes a use case may be mounted under. */
export type AuthModeFor<U extends UseCaseClass> = U extends { readonly checksSession: true } ? 'claims-checked-in-the-statement' : 'session' | 'public' | 'optional';

/** What a handler is given. `C`: its use case, the only one it can call (no bag of every use case). */
export interface RouteContext<B, Q, A extends AuthMode = AuthMode, C = UseCases[UseCaseKey]> {
  /** The caller; a public route has none. */
  readonly actor: A extends 'public' ? undefined : A extends 'optional' ? Actor | undefined : Actor;
  readonly body: B;
  readonly query: Q;
  readonly params: Readonly<Record<string, string | string[] | undefined>>;
  readonly req: Request;
  /** The use case the route names, from the app's catalogue. */
  readonly useCase: C;
}

interface Documented {
  readonly description: string;
  readonly schema?: z.ZodType;
}

/**
 * One route: how it is validated, documented, limited and handled. The app and the OpenAPI document
 * both read it. `K`: the error kinds of its use case; a handler that answers with another kind fails
 * to compile, and the documented problems come from the same list.
 */
export interface RouteSpec<B = unknown, Q = unknown, K extends DomainErrorKind = DomainErrorKind, A extends AuthMode = AuthMode, U extends UseCaseKey = UseCaseKey> {
  readonly method: Method;
  readonly path: string;
  /** Stable and unique: SDK generators name their methods after it. Never renamed once published. */
  readonly operationId: string;
  readonly summary: string;
  readonly tag: string;
  readonly auth: A;
  readonly body?: z.ZodType<B, unknown>;
  /** The body may be left out (read as `{}`): every field of it is optional. */
  readonly bodyOptional?: true;
  readonly query?: z.ZodType<Q, unknown>;
  readonly rateLimit?: RateLimitName;
  /**
   * Creates something: an `Idempotency-Key` header makes a retry replay the first answer (see
   * `idempotency.ts`). `SecretRenewal`: the answer shows a secret kept only as a hash, which the
   * stored answer must not keep either; a replay shows a new one instead.
   */
  readonly idempotent?: true | SecretRenewal<B, Q, A>;
  /** The catalogue key of its use case: the edge hands the handler that use case, and no other. */
  readonly useCase: U;
  /** A second limit, keyed by what the body names (an account), counted once the body is read. */
  readonly bodyRateLimit?: RateLimitName;
  /** `also`: a second success status with the same body (a `POST` that finds what it would make: 200 beside 201). */
  readonly success: { readonly status: number; readonly also?: { readonly status: number; readonly description: string } } & Documented;
  /** The error kinds the use case answers with: the route's problems, besides the edge's own (400/401/413/415/429/500). */
  readonly errors: readonly K[];
  handle(ctx: RouteContext<B, Q, A, UseCases[U]>): Promise<Reply<K>>;
}

/**
 * For a creation whose answer shows a secret once: the stored answer leaves `field` out, and a replay
 * answers `renew` (given the stored answer, the secret left out, and its status), which mints a new
 * secret and answers as the first did; the old secret, never seen by a client that retries, stops
 * working. What it refuses (the thing was deleted meanwhile) is answered as a problem. The renewal is
 * a use case of its own (a rotation), named by its catalogue key in `useCase` and handed to `renew`
 * alone: the one second dependency a route may have, stated where it is used.
 */
export interface SecretRenewal<B = unknown, Q = unknown, A extends AuthMode = AuthMode, R extends UseCaseKey = UseCaseKey> {
  readonly field: string;
  readonly useCase: R;
  renew(ctx: RouteContext<B, Q, A, UseCases[R]>, stored: Readonly<Record<string, unknown>>, status: number): Promise<Reply<ErrorKindOf<R>>>;
}

/** The error kinds the use case under `key` declares. */
type ErrorKindOf<U extends UseCaseKey> = UseCaseClassOf<U>['errors'][number];

/**
 * A route as written: it names its use case by its catalogue key, and takes the error kinds and the
 * session check of that use case's class.
 */
export type RouteInput<B, Q, U extends UseCaseKey, A extends AuthModeFor<UseCaseClassOf<U>>, R extends UseCaseKey> = Omit<
  RouteSpec<B, Q, ErrorKindOf<U>, A, U>,
  'errors' | 'handle' | 'idempotent'
> & {
  readonly idempotent?: true | SecretRenewal<B, Q, A, R>;
  handle(ctx: RouteContext<B, Q, A, UseCases[NoInfer<U>]>): Promise<Reply<NoInfer<ErrorKindOf<U>>>>;
};

/**
 * Keeps each route's body and query types tied to its schemas, its replies to its use case's error
 * kinds, its auth mode to what the use case checks (see `AuthMode`), and its handler to that one use
 * case.
 */
export function route<
  B = undefined,
  Q = undefined,
  U extends UseCaseKey = UseCaseKey,
  A extends AuthModeFor<UseCaseClassOf<U>> = AuthModeFor<UseCaseClassOf<U>>,
  R extends UseCaseKey = never,
>(spec: RouteInput<B, Q, U, A, R>): RouteSpec<B, Q, ErrorKindOf<U>, A, U> {
  return { ...spec, errors: ROUTED_USE_CASES[spec.useCase].errors };
}

/** A use case's result as a reply: the value serialized with `status`, or its error. */
export function reply<T, E extends DomainError>(result: Result<T, E>, status: number, toJson: (value: T) => unknown): Reply<E['kind']> {
  if (!result.ok) return { error: result.error };
  return { status, body: toJson(result.value) };
}

/** A use case's JSON text as a reply, or its error. */
export function replyJson<E extends DomainError>(result: Result<string, E>, status: number): Reply<E['kind']> {
  return result.ok ? { status, json: result.value } : { error: result.error };
}

export const noContent = <T, E extends DomainError>(result: Result<T, E>): Reply<E['kind']> => reply(result, 204, () => undefined);

/**
 * A named path parameter. Express always sets the ones a route's path names, so a missing one is a
 * misspelt name in the route: a bug, thrown (500, and a failing test), never read as "".
 */
export function param(params: RouteContext<unknown, unknown>['params'], name: string): string {
  const value = params[name];
  if (typeof value !== 'string') throw new Error(`the route has no path parameter :${name}`);
  return value;
}

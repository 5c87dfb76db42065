import type { Actor, DomainError, DomainErrorKind, Result } from '@chat/domain';
import type { Request } from 'express';
import type { z } from 'zod';
import type { Problem } from './problem';

export type Method = 'get' | 'post' | 'patch' | 'delete';
export type RateLimitName = 'sendMessage' | 'login' | 'register' | 'oauthToken';

/** What a handler answers; `K`: the error kinds it may answer with, as its use case declares them. */
export type Reply<K extends DomainErrorKind = DomainErrorKind> =
  | { readonly status: number; readonly body?: unknown }
  /** A body already rendered as JSON text (by the store), sent as it is. */
  | { readonly status: number; readonly json: string }
  /** A domain outcome: answered with its problem from the one table (error-mapping.ts). */
  // (An intersection, not ErrorOf: TypeScript then sees a route of fewer kinds as a route of any kind.)
  | { readonly error: DomainError & { readonly kind: K } }
  | { readonly problem: Problem };

export interface RouteContext<B, Q> {
  readonly actor: Actor;
  readonly body: B;
  readonly query: Q;
  readonly params: Readonly<Record<string, string | string[] | undefined>>;
  readonly req: Request;
}

interface Documented {
  readonly description: string;
  readonly schema?: z.ZodType;
}

/**
 * One route: how it is validated, documented, limited and handled. The app and the OpenAPI document
 * both read it. `K`: the error kinds of its use case (`errors: SendMessage.errors`); a handler that
 * answers with a kind not listed fails to compile, and the documented problems come from the list.
 */
export interface RouteSpec<B = unknown, Q = unknown, K extends DomainErrorKind = DomainErrorKind> {
  readonly method: Method;
  readonly path: string;
  /** Stable and unique: SDK generators name their methods after it. Never renamed once published. */
  readonly operationId: string;
  readonly summary: string;
  readonly tag: string;
  readonly auth: boolean;
  /**
   * The use case checks the session in its own single look-up (GetMessages, SendMessage): the
   * middleware checks only the token's signature, saving a round trip on the hottest routes.
   */
  readonly sessionCheckedByUseCase?: true;
  readonly body?: z.ZodType<B, unknown>;
  readonly query?: z.ZodType<Q, unknown>;
  readonly rateLimit?: RateLimitName;
  readonly success: { readonly status: number } & Documented;
  /** The error kinds the use case answers with: the route's problems, besides the edge's own (400/401/413/415/429/500). */
  readonly errors: readonly K[];
  handle(ctx: RouteContext<B, Q>): Promise<Reply<K>>;
}

/**
 * Keeps each route's body and query types tied to its schemas, and its replies to its error kinds:
 * `K` is read from `errors` alone, so a reply of another kind fails to compile.
 */
export const route = <B = undefined, Q = undefined, K extends DomainErrorKind = never>(
  spec: Omit<RouteSpec<B, Q, K>, 'handle'> & { handle(ctx: RouteContext<B, Q>): Promise<Reply<NoInfer<K>>> },
): RouteSpec<B, Q, K> => spec;

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

/** A named path parameter; Express always sets the ones its path names. */
export function param(params: RouteContext<unknown, unknown>['params'], name: string): string {
  const value = params[name];
  return typeof value === 'string' ? value : '';
}

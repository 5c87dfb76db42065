import type { Actor, Result } from '@chat/domain';
import type { Request } from 'express';
import type { z } from 'zod';
import { problemFor } from './error-mapping';
import type { Problem } from './problem';

export type Method = 'get' | 'post' | 'patch' | 'delete';
export type RateLimitName = 'sendMessage' | 'login' | 'register' | 'oauthToken';

export type Reply =
  | { readonly status: number; readonly body?: unknown }
  /** A body already rendered as JSON text (by the store), sent as it is. */
  | { readonly status: number; readonly json: string }
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

/** One route: how it is validated, documented, limited and handled. The app and the OpenAPI document both read it. */
export interface RouteSpec<B = unknown, Q = unknown> {
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
  /** Statuses of the problems this route can answer, besides 400/401/413/415/500 common to all. */
  readonly problems: readonly number[];
  handle(ctx: RouteContext<B, Q>): Promise<Reply>;
}

/** Keeps each route's body and query types tied to its schemas. */
export const route = <B = undefined, Q = undefined>(spec: RouteSpec<B, Q>): RouteSpec<B, Q> => spec;

/** A use case's result as a reply: the value serialized with `status`, or the mapped problem. */
export function reply<T>(result: Result<T>, status: number, toJson: (value: T) => unknown): Reply {
  if (!result.ok) return { problem: problemFor(result.error) };
  return { status, body: toJson(result.value) };
}

/** A use case's JSON text as a reply, or the mapped problem. */
export function replyJson(result: Result<string>, status: number): Reply {
  return result.ok ? { status, json: result.value } : { problem: problemFor(result.error) };
}

export const noContent = <T>(result: Result<T>): Reply => reply(result, 204, () => undefined);

/** A named path parameter; Express always sets the ones its path names. */
export function param(params: RouteContext<unknown, unknown>['params'], name: string): string {
  const value = params[name];
  return typeof value === 'string' ? value : '';
}

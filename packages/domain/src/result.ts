import type { DomainError, DomainErrorKind, ErrorOf } from './errors';

export type Result<T, E extends DomainError = DomainError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });

export const fail = <E extends DomainError>(error: E): { readonly ok: false; readonly error: E } => ({
  ok: false,
  error,
});

/**
 * What a use case answers: its value, or one of the error kinds it declares. Each use case lists
 * its kinds once (`static readonly errors = [...] as const`), and its `execute` returns
 * `Outcome<T, typeof X.errors>`: returning a kind it did not declare fails to compile, and the
 * HTTP edge documents each route's problems from the same list.
 */
export type Outcome<T, K extends readonly DomainErrorKind[]> = Promise<Result<T, ErrorOf<K[number]>>>;

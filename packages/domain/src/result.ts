import type { DomainError } from './errors';

export type Result<T, E extends DomainError = DomainError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });

export const fail = <E extends DomainError>(error: E): { readonly ok: false; readonly error: E } => ({
  ok: false,
  error,
});

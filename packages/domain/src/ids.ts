/**
 * Ids are snowflake-style decimal strings: unique across replicas and ordered by creation time.
 * They fit a signed 64-bit integer, so storage can keep them as `bigint`.
 */
export type Id = string;

const ID_PATTERN = /^(0|[1-9][0-9]{0,18})$/;
const MAX_ID = 9223372036854775807n;

export function isId(value: string): boolean {
  return ID_PATTERN.test(value) && BigInt(value) <= MAX_ID;
}

/** Numeric order of two well-formed ids without allocating a bigint. */
export function compareIds(a: Id, b: Id): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Ids are snowflake-style decimal strings: unique across replicas and ordered by creation time.
 * They fit a signed 64-bit integer, so storage can keep them as `bigint`.
 */
export type Id = string;

const ID_PATTERN = /^(0|[1-9][0-9]{0,18})$/;
const MAX_ID = 9223372036854775807n;

/**
 * An id's time part: its bits above `ID_TIME_SHIFT` count milliseconds since `ID_EPOCH_MS`
 * (2024-01-01T00:00:00Z). A rule that asks "made before this moment?" of ids (a member's messages
 * from before they joined are read) reads it; the id generator writes it.
 */
export const ID_EPOCH_MS = 1_704_067_200_000;
export const ID_TIME_SHIFT = 22;

export function isId(value: string): boolean {
  return ID_PATTERN.test(value) && BigInt(value) <= MAX_ID;
}

/** Numeric order of two well-formed ids without allocating a bigint. */
export function compareIds(a: Id, b: Id): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The smallest id made at `time` or later: every id below it was made before that millisecond. */
export function firstIdAt(time: Date): Id {
  return (BigInt(Math.max(time.getTime() - ID_EPOCH_MS, 0)) << BigInt(ID_TIME_SHIFT)).toString();
}

/*
 * Reading back what a serializer wrote (an event in the log, on the Redis Stream): each throws a
 * TypeError on a field of the wrong kind, so a stored event no version wrote is refused, not guessed.
 */

export type Json = Record<string, unknown>;

export const str = (value: unknown): string => {
  if (typeof value !== 'string') throw new TypeError('an event field is not a string');
  return value;
};

export const obj = (value: unknown): Json => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError('an event field is not an object');
  return value as Json;
};

export const date = (value: unknown): Date => new Date(str(value));

export const num = (value: unknown): number => {
  if (typeof value !== 'number') throw new TypeError('an event field is not a number');
  return value;
};

export const strOrNull = (value: unknown): string | null => (value === null ? null : str(value));

export const strs = (value: unknown): string[] => {
  if (!Array.isArray(value)) throw new TypeError('an event field is not an array');
  return value.map(str);
};

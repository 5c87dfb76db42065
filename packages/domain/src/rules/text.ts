import type { Issue } from '../errors';

/** Length in code points, as a person counts characters (an emoji is one, not two). */
export function codePointLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/** NUL, or half of a surrogate pair: text no database stores as sent. */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const MALFORMED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Well-formed Unicode without NUL: what is stored is then exactly what was sent. */
export function isCleanText(value: string): boolean {
  return !MALFORMED.test(value);
}

export const UNCLEAN_TEXT = 'must be valid Unicode text without NUL characters';

export const uncleanTextIssue = (path: string): Issue => ({ path, message: UNCLEAN_TEXT });

/** Any user-supplied text: the one rule every stored string passes first. */
export const cleanTextIssues = (value: string, path: string): Issue[] => (isCleanText(value) ? [] : [uncleanTextIssue(path)]);

/** Embeddings, overrides and isolates (U+202A–E, U+2066–9) and the marks LRM, RLM, ALM: they reorder what is shown around them. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;

/**
 * Characters that draw nothing: white space, controls and format characters, the default-ignorables
 * (zero-width spaces and joiners, U+2060, U+FEFF, the Hangul fillers U+115F, U+1160, U+3164, U+FFA0,
 * U+180E, variation selectors, tags) and the blank Braille pattern U+2800.
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]*$/u;

/**
 * A name shown to others (a server's, a channel's, an application's): clean text, no bidi control
 * (which could make it read as another's, or reorder the text shown after it), and at least one
 * character that shows.
 */
export function shownNameIssues(value: string, path: string): Issue[] {
  if (!isCleanText(value)) return [uncleanTextIssue(path)];
  if (BIDI_CONTROL.test(value)) return [{ path, message: 'must not contain bidirectional control characters' }];
  if (INVISIBLE_ONLY.test(value)) return [{ path, message: 'must contain a visible character' }];
  return [];
}

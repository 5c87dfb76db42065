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

export const uncleanTextIssue = (path: string) => ({ path, message: 'must be valid Unicode text without NUL characters' });

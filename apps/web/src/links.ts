/**
 * Finds the web links in a message: pure, no DOM (unit-tested in Node). The page turns the pieces
 * into text nodes and `<a>` elements, never markup; only `http` and `https` become links, so a
 * `javascript:` or `data:` URL stays the text it is.
 */
export type Segment = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'link'; readonly text: string; readonly href: string };

/**
 * A scheme not glued to a word before it, a host (not a third slash, which URL parsers skip),
 * then everything up to a space or a character a URL cannot hold unescaped (`<`, `>`, `"`):
 * markup around a link stays text around it.
 */
const CANDIDATE = /(?<![\p{L}\p{N}])https?:\/\/(?![/\\])[^\s<>"]+/giu;
/** What usually ends the sentence around a link rather than the link itself. */
const TRAILING = /[.,:;!?'*_~]$/;
const PAIRS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

const count = (text: string, char: string) => text.split(char).length - 1;

/** Drops trailing punctuation, and a closing bracket the link did not open: "(see https://a.b/c)." → "https://a.b/c". */
function trimTrailing(candidate: string): string {
  let url = candidate;
  for (;;) {
    const last = url.at(-1) ?? '';
    const opener = PAIRS[last];
    if (TRAILING.test(last)) url = url.slice(0, -1);
    else if (opener !== undefined && count(url, last) > count(url, opener)) url = url.slice(0, -1);
    else return url;
  }
}

/** The address a link goes to, or undefined when the text is no http(s) URL with a host. */
function linkTarget(text: string): string | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' ? url.href : undefined;
}

/** The message as text and links, in order; joined, the pieces' texts are the message exactly. */
export function linkSegments(content: string): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const match of content.matchAll(CANDIDATE)) {
    const text = trimTrailing(match[0]);
    const href = linkTarget(text);
    if (href === undefined) continue;
    if (match.index > at) segments.push({ kind: 'text', text: content.slice(at, match.index) });
    segments.push({ kind: 'link', text, href });
    at = match.index + text.length;
  }
  if (at < content.length) segments.push({ kind: 'text', text: content.slice(at) });
  return segments;
}

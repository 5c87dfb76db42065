import { createHash } from 'node:crypto';

/** A CSP source for an inline block or attribute of exactly this text. */
export const sha256Source = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The policy every page we serve shares: nothing by default; scripts and styles from this origin
 * plus the hashes given; images from here or `data:`, plus the sources given; requests to this
 * origin only (the REST API and the gateway's WebSocket); no base-URL tricks, no forms elsewhere,
 * no framing (clickjacking).
 */
export function contentSecurityPolicy({
  scripts = [],
  styles = [],
  images = [],
}: {
  readonly scripts?: readonly string[];
  readonly styles?: readonly string[];
  readonly images?: readonly string[];
}): string {
  return [
    "default-src 'none'",
    ["script-src 'self'", ...scripts].join(' '),
    ["style-src 'self'", ...styles].join(' '),
    ["img-src 'self' data:", ...images].join(' '),
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

import type { Issue } from '../errors';
import { isCleanText, uncleanTextIssue } from './text';

/** A server's avatar or banner: a reference to an image elsewhere, never uploaded here. */
export const IMAGE_URL = { max: 2048 } as const;

/**
 * `https://host[:port]` then an optional path, query or fragment: no spaces, no credentials, and none
 * of the characters that would end an HTML attribute or tag in a client that renders it carelessly.
 */
const HTTPS_URL = /^https:\/\/[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:[/?#][^\s<>"'`\\]*)?$/;

/** `null` clears it; otherwise an `https` URL of at most 2048 characters. */
export function imageReferenceIssues(value: string | null, path: string): Issue[] {
  if (value === null) return [];
  if (!isCleanText(value)) return [uncleanTextIssue(path)];
  if (value.length > IMAGE_URL.max) return [{ path, message: `must be at most ${IMAGE_URL.max} characters` }];
  return HTTPS_URL.test(value) ? [] : [{ path, message: 'must be an https URL, or null' }];
}

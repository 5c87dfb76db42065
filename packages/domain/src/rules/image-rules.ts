import type { Issue } from '../errors';
import { isId } from '../ids';
import { isCleanText, uncleanTextIssue } from './text';

/** A server's avatar or banner, a user's avatar: an image elsewhere by its URL, or one uploaded here by its id. */
export const IMAGE_URL = { max: 2048 } as const;

/**
 * `https://host[:port]` then an optional path, query or fragment: no spaces, no credentials, and none
 * of the characters that would end an HTML attribute or tag in a client that renders it carelessly.
 */
const HTTPS_URL = /^https:\/\/[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:[/?#][^\s<>"'`\\]*)?$/;

/** Whether an avatar or banner given is an upload's id (the use case checks the upload), not a URL. */
export const isUploadReference = (value: string): boolean => isId(value);

/** `null` clears it; otherwise an `https` URL of at most 2048 characters, or an upload's id. */
export function imageReferenceIssues(value: string | null, path: string): Issue[] {
  if (value === null || isUploadReference(value)) return [];
  if (!isCleanText(value)) return [uncleanTextIssue(path)];
  if (value.length > IMAGE_URL.max) return [{ path, message: `must be at most ${IMAGE_URL.max} characters` }];
  return HTTPS_URL.test(value) ? [] : [{ path, message: 'must be an https URL, an uploaded image\'s id, or null' }];
}

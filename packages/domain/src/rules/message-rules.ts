import type { Issue } from '../errors';
import { codePointLength, isCleanText, uncleanTextIssue } from './text';

export const MESSAGE_CONTENT = { min: 1, max: 2000 } as const;
export const PAGE_LIMIT = { min: 1, max: 50, default: 50 } as const;
export const MEMBER_PAGE_LIMIT = { min: 1, max: 1000, default: 1000 } as const;

export function contentIssues(content: string, path = 'content'): Issue[] {
  if (!isCleanText(content)) return [uncleanTextIssue(path)];
  const length = codePointLength(content);
  if (length < MESSAGE_CONTENT.min || length > MESSAGE_CONTENT.max) {
    return [{ path, message: `must be ${MESSAGE_CONTENT.min}-${MESSAGE_CONTENT.max} characters` }];
  }
  if (content.trim().length === 0) return [{ path, message: 'must not be only whitespace' }];
  return [];
}

/** A page size: an integer within the bounds, or absent (the default applies). */
export function limitIssues(limit: number | undefined, bounds: { min: number; max: number }, path = 'limit'): Issue[] {
  if (limit === undefined || (Number.isInteger(limit) && limit >= bounds.min && limit <= bounds.max)) return [];
  return [{ path, message: `must be an integer ${bounds.min}-${bounds.max}` }];
}

/** A client's own token for matching its optimistic echo: any string of at most 64 characters. */
export const NONCE = { max: 64 } as const;

export function nonceIssues(nonce: string | undefined, path = 'nonce'): Issue[] {
  if (nonce === undefined || codePointLength(nonce) <= NONCE.max) return [];
  return [{ path, message: `must be at most ${NONCE.max} characters` }];
}

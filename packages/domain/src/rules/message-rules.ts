import type { Issue } from '../errors';
import { isId } from '../ids';
import { codePointLength, isCleanText, uncleanTextIssue } from './text';

export const MESSAGE_CONTENT = { min: 1, max: 2000 } as const;
export const PAGE_LIMIT = { min: 1, max: 50, default: 50 } as const;
export const MEMBER_PAGE_LIMIT = { min: 1, max: 1000, default: 1000 } as const;
export const BAN_PAGE_LIMIT = { min: 1, max: 1000, default: 1000 } as const;
/** Pages of the lists a user's things can make long: the default is the whole list up to the quota. */
export const SERVER_PAGE_LIMIT = { min: 1, max: 200, default: 200 } as const;
export const CHANNEL_PAGE_LIMIT = { min: 1, max: 500, default: 500 } as const;
export const APPLICATION_PAGE_LIMIT = { min: 1, max: 100, default: 100 } as const;
export const CONVERSATION_PAGE_LIMIT = { min: 1, max: 100, default: 100 } as const;

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

/** A client's own token for matching its optimistic echo: any clean text of at most 64 characters. */
export const NONCE = { max: 64 } as const;

export function nonceIssues(nonce: string | undefined, path = 'nonce'): Issue[] {
  if (nonce === undefined) return [];
  if (!isCleanText(nonce)) return [uncleanTextIssue(path)];
  if (codePointLength(nonce) <= NONCE.max) return [];
  return [{ path, message: `must be at most ${NONCE.max} characters` }];
}

/** A page of a list in id order: `limit` items after the id `after` (the last of the previous page). */
export interface IdPage {
  readonly limit: number;
  readonly after?: string;
}

/** Every item: for the gateway's snapshot of a user's servers, never for a client's request. */
export const WHOLE_LIST: IdPage = { limit: Number.MAX_SAFE_INTEGER };

/** `limit` and `after` as a client gives them. */
export interface PageInput {
  readonly limit?: number;
  readonly after?: string;
}

/** `limit` and `after` as a client gave them, checked against the list's bounds; `after` must be an id (`isId`). */
export function idPageOf(input: PageInput, bounds: { min: number; max: number; default: number }): IdPage | Issue[] {
  const issues = limitIssues(input.limit, bounds);
  if (input.after !== undefined && !isId(input.after)) issues.push({ path: 'after', message: 'must be an id' });
  if (issues.length > 0) return issues;
  return { limit: input.limit ?? bounds.default, ...(input.after !== undefined ? { after: input.after } : {}) };
}

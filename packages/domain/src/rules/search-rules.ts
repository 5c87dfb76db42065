import type { Issue } from '../errors';
import { isId } from '../ids';
import type { SearchQuery } from '../ports/message-search';
import { limitIssues } from './message-rules';
import { codePointLength, isCleanText, uncleanTextIssue } from './text';

/** A search's words: 1-200 characters (code points). */
export const SEARCH_TEXT = { min: 1, max: 200 } as const;
/** Hits a search answers at once. */
export const SEARCH_LIMIT = { min: 1, max: 50, default: 25 } as const;
/**
 * The most `-` a search may hold between two words. Each one outside quotes negates what follows,
 * and PostgreSQL's query parser keeps negations in a stack of 32 (deeper is an error, not a 400).
 */
export const MAX_NEGATIONS = 16;

/** A search as a client gives it: every field optional, ids as the path and query give them. */
export interface SearchInput {
  readonly q?: string;
  readonly authorId?: string;
  readonly channelId?: string;
  readonly before?: string;
  readonly after?: string;
  readonly limit?: number;
}

/** The words: clean text, 1-200 characters, with a letter or a digit, and no deeper negation than PostgreSQL parses. */
export function searchTextIssues(q: string, path = 'q'): Issue[] {
  if (!isCleanText(q)) return [uncleanTextIssue(path)];
  const length = codePointLength(q);
  if (length < SEARCH_TEXT.min || length > SEARCH_TEXT.max) return [{ path, message: `must be ${SEARCH_TEXT.min}-${SEARCH_TEXT.max} characters` }];
  if (!/[\p{L}\p{N}]/u.test(q)) return [{ path, message: 'must contain a letter or a digit' }];
  const deepest = Math.max(...q.split(/[\p{L}\p{N}]+/u).map((gap) => gap.split('-').length - 1));
  if (deepest > MAX_NEGATIONS) return [{ path, message: `must not hold more than ${MAX_NEGATIONS} "-" between two words` }];
  return [];
}

/** The search, checked: what it needs (words or an author), its ids, its limit. */
export function searchQueryOf(input: SearchInput): SearchQuery | Issue[] {
  const issues = [...limitIssues(input.limit, SEARCH_LIMIT), ...(input.q === undefined ? [] : searchTextIssues(input.q))];
  for (const path of ['authorId', 'channelId', 'before', 'after'] as const) {
    const value = input[path];
    if (value !== undefined && !isId(value)) issues.push({ path, message: 'must be an id' });
  }
  if (input.q === undefined && input.authorId === undefined) issues.push({ path: 'q', message: 'is required (or give authorId)' });
  if (issues.length > 0) return issues;
  const { q: text, authorId, channelId, before, after } = input;
  return { text, authorId, channelId, before, after, limit: input.limit ?? SEARCH_LIMIT.default };
}

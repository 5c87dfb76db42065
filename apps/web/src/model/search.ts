/** The search of the open server's messages (pure, see `state.ts`): its hits, newest first, a page at a time. */
import type { Message } from '@chat/client';
import { step, type ChatState, type Step } from './state.js';

/** What the search route answers. */
export interface SearchPage {
  readonly messages: readonly Message[];
  readonly hasMore: boolean;
}

/** The first page of hits of a new search; the last search's go. */
export const searchLoaded = (state: ChatState, serverId: string, query: string, page: SearchPage): Step =>
  step({ ...state, search: { serverId, query, messages: page.messages, hasMore: page.hasMore } }, { kind: 'search' });

/** The next page of the same search (`before` its oldest hit), after those shown; dropped when another search replaced it. */
export function moreFound(state: ChatState, serverId: string, query: string, page: SearchPage): Step {
  const search = state.search;
  if (!search || search.serverId !== serverId || search.query !== query) return step(state);
  const known = new Set(search.messages.map(({ id }) => id));
  const messages = [...search.messages, ...page.messages.filter(({ id }) => !known.has(id))];
  return step({ ...state, search: { ...search, messages, hasMore: page.hasMore } }, { kind: 'search' });
}

export const searchClosed = (state: ChatState): Step => step({ ...state, search: undefined }, { kind: 'search' });

/** The search shown: the open server's only (another server's hits are not offered there). */
export const shownSearch = (state: ChatState) => (state.search && state.search.serverId === state.serverId ? state.search : undefined);

/** A hit's text, cut to `max` characters for the list. */
export const snippet = (text: string, max = 200): string => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text);

/** Searching the open server's messages over REST (`GET /api/servers/:id/messages/search`), a page of hits at a time. */
import { ok } from '@chat/client';
import { moreFound, searchLoaded, type SearchPage } from '../model/search.js';
import type { Page } from '../page.js';

const HITS = 25;

const find = (page: Page, serverId: string, q: string, before?: string): Promise<SearchPage> =>
  ok(page.client().GET('/api/servers/{serverId}/messages/search', { params: { path: { serverId }, query: { q, limit: String(HITS), ...(before ? { before } : {}) } } }));

/** The newest hits of `query` in the open server. */
export async function search(page: Page, query: string): Promise<void> {
  const serverId = page.state.serverId;
  const q = query.trim();
  if (!serverId || q === '') return;
  const found = await find(page, serverId, q);
  page.apply(searchLoaded(page.state, serverId, q, found));
}

/** The hits older than those shown, of the search shown. */
export async function moreResults(page: Page): Promise<void> {
  const search = page.state.search;
  const oldest = search?.messages.at(-1);
  if (!search || !oldest) return;
  const found = await find(page, search.serverId, search.query, oldest.id);
  page.apply(moreFound(page.state, search.serverId, search.query, found));
}

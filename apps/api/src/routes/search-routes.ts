import { MessageSearchQuery, MessageSearchResponse, messageSearchJson } from '@chat/contract';
import type { DomainError, Result, SearchHits } from '@chat/domain';
import { param, route, type Reply } from '../http/route';

/** A search's hits as the answer's JSON text (the store rendered the messages), or its error. */
const found = <E extends DomainError>(hits: Result<SearchHits, E>): Reply<E['kind']> => (hits.ok ? { status: 200, json: messageSearchJson(hits.value) } : { error: hits.error });

const HITS = {
  status: 200,
  description: 'The newest `limit` hits, newest first, each with the JSON a page gives it; `hasMore` when older ones match too',
  schema: MessageSearchResponse,
};

/** Search: a server's messages, and one's direct conversations'. Its own per-user limit (RATE_LIMIT_SEARCH). */
export const searchRoutes = [
  route({
    method: 'get',
    path: '/api/servers/:serverId/messages/search',
    operationId: 'searchMessages',
    summary: "Search a server's messages by words and author, in the channels the caller can see (give q, authorId or both)",
    tag: 'Messages',
    auth: 'session',
    query: MessageSearchQuery,
    rateLimit: 'search',
    success: HITS,
    useCase: 'searchMessages',
    handle: async ({ useCase, actor, params, query }) => found(await useCase.execute(actor, param(params, 'serverId'), query)),
  }),
  route({
    method: 'get',
    path: '/api/users/@me/channels/messages/search',
    operationId: 'searchDirectMessages',
    summary: "Search the messages of the caller's direct conversations by words and author (give q, authorId or both)",
    tag: 'Direct messages',
    auth: 'session',
    query: MessageSearchQuery,
    rateLimit: 'search',
    success: HITS,
    useCase: 'searchDirectMessages',
    handle: async ({ useCase, actor, query }) => found(await useCase.execute(actor, query)),
  }),
];

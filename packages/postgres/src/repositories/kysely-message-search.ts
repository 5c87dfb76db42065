import type { Id, MessageSearch, RenderedPage, SearchHits, SearchQuery } from '@chat/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { SEARCH_JSON, searchValues } from './message-search-statements';

/**
 * One statement a search: the channels the viewer may read, the hits in them (the words through the
 * GIN index of `messages.search_vector`), their JSON. Run on the pool that plans each statement for
 * its values, never on the generic plans' (the plan depends on how common the words are).
 */
export class KyselyMessageSearch implements MessageSearch {
  constructor(private readonly db: Kysely<Database>) {}

  inServer(viewerId: Id, serverId: Id, query: SearchQuery): Promise<SearchHits> {
    return this.search(viewerId, serverId, query);
  }

  inConversations(viewerId: Id, query: SearchQuery): Promise<SearchHits> {
    return this.search(viewerId, undefined, query);
  }

  private async search(viewerId: Id, serverId: Id | undefined, query: SearchQuery): Promise<SearchHits> {
    const { rows } = await SEARCH_JSON.execute(this.db, searchValues(viewerId, serverId, query));
    const row = rows[0];
    return { messages: (row?.body ?? '[]') as RenderedPage, hasMore: row?.has_more === true };
  }
}

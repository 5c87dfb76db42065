import { compareIds, type Id, type MessageSearch, type RenderedPage, type SearchHits, type SearchQuery } from '@chat/domain';
import type { ReplicaReads } from '../replicas/replica-reads';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { READABLE, SEARCH_JSON, searchValues } from './message-search-statements';

const NONE: SearchHits = { messages: '[]' as RenderedPage, hasMore: false };

/**
 * Two statements a search: the channels the viewer may read (with their newest message), then the
 * hits in those channels with their JSON, the channels' ids sent as values so PostgreSQL plans the
 * second with their statistics. Both on the pool that plans each statement for its values, never on
 * the generic plans' (how the hits are best found depends on how common the words are).
 */
export class KyselyMessageSearch implements MessageSearch {
  constructor(private readonly reads: ReplicaReads) {}

  inServer(viewerId: Id, serverId: Id, query: SearchQuery): Promise<SearchHits> {
    return this.search(viewerId, serverId, query);
  }

  inConversations(viewerId: Id, query: SearchQuery): Promise<SearchHits> {
    return this.search(viewerId, undefined, query);
  }

  private search(viewerId: Id, serverId: Id | undefined, query: SearchQuery): Promise<SearchHits> {
    return this.reads.read(({ db }) => this.searchOn(db, viewerId, serverId, query));
  }

  private async searchOn(db: Kysely<Database>, viewerId: Id, serverId: Id | undefined, query: SearchQuery): Promise<SearchHits> {
    const { rows: channels } = await READABLE.execute(db, { viewerId, serverId, channelId: query.channelId });
    const newest = channels.reduce<Id | null>((max, { newest }) => (newest !== null && (max === null || compareIds(newest, max) > 0) ? newest : max), null);
    if (newest === null) return NONE;
    // The walk starts just past the channels' newest message (or at `before`, if older).
    const past = (BigInt(newest) + 1n).toString();
    const before = query.before !== undefined && compareIds(query.before, past) < 0 ? query.before : past;
    const { rows } = await SEARCH_JSON.execute(db, searchValues(viewerId, channels.map(({ id }) => id), before, query));
    const row = rows[0];
    return row ? { messages: row.body as RenderedPage, hasMore: row.has_more } : NONE;
  }
}

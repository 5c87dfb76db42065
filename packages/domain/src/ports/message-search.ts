import type { Id } from '../ids';
import type { RenderedPage } from './message-repository';

/**
 * A search, checked (`searchQueryOf`): `text` and `authorId` narrow it (at least one is given),
 * `channelId` keeps it to one channel, `before` and `after` are exclusive bounds in id order.
 */
export interface SearchQuery {
  /**
   * Words as a web search takes them (PostgreSQL's `websearch_to_tsquery`): every word must be
   * there, `"quoted words"` one after another, `-word` not at all, `or` between two alternatives.
   * Words are compared as PostgreSQL's `simple` configuration reads them: whole, ignoring case.
   */
  readonly text?: string;
  readonly authorId?: Id;
  readonly channelId?: Id;
  readonly before?: Id;
  readonly after?: Id;
  readonly limit: number;
}

/** The newest `limit` hits, newest first, as the wire's JSON (a page's messages); whether older ones match too. */
export interface SearchHits {
  readonly messages: RenderedPage;
  readonly hasMore: boolean;
}

/**
 * Finding messages by their words and author, among those the viewer may read and nowhere else: a
 * channel they cannot see adds nothing to the hits, nor to `hasMore`.
 */
export interface MessageSearch {
  /**
   * In the server's channels where the viewer holds `READ_NEEDS` (none if they are not a member).
   * A `channelId` that is not such a channel matches nothing.
   */
  inServer(viewerId: Id, serverId: Id, query: SearchQuery): Promise<SearchHits>;
  /** In the direct conversations the viewer is a recipient of; a `channelId` that is not one of them matches nothing. */
  inConversations(viewerId: Id, query: SearchQuery): Promise<SearchHits>;
}

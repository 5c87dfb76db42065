import { bitsOf, READ_NEEDS, type Id, type SearchQuery } from '@chat/domain';
import { sql } from 'kysely';
import { PrecompiledStatement } from '../prepared-statements';
import { MESSAGE_COLUMNS } from './message-fields';
import { pageBody, pageReactions, REACTION_LISTS } from './message-page-statements';
import { channelPermissionsOf } from './message-sql';

/* The search's two statements: the channels the viewer may read, then the hits in them as a page's messages. */

/** Whose channels: the viewer's, in a server or (no `serverId`) among their direct conversations. */
export interface ReadableValues extends Record<string, unknown> {
  viewerId: Id;
  serverId: Id | undefined;
  channelId: Id | undefined;
}

const READ = sql.lit(bitsOf(READ_NEEDS));

/**
 * The channels searched, each with its newest message's id: the server's where the viewer is a
 * member holding `READ_NEEDS` (the gate's rule, `channelPermissionsOf`), or the conversations they
 * are a recipient of.
 */
export const READABLE = new PrecompiledStatement<ReadableValues, { id: Id; newest: Id | null }>(({ viewerId, serverId, channelId }) => {
  const readable =
    serverId !== undefined
      ? sql`
        select c.id from channels c
        join members mb on mb.server_id = c.server_id and mb.user_id = ${viewerId}
        cross join lateral (${channelPermissionsOf()}) p
        where c.server_id = ${serverId} ${channelId !== undefined ? sql`and c.id = ${channelId}` : sql``}
          and (p.bits & ${READ}) = ${READ}`
      : sql`
        select cr.conversation_id as id from conversation_recipients cr
        where cr.user_id = ${viewerId} ${channelId !== undefined ? sql`and cr.conversation_id = ${channelId}` : sql``}`;
  return sql`select r.id, (select max(m.id) from messages m where m.channel_id = r.id) as newest from (${readable}) r`;
});

/** The hits' statement: its channels as constants (so PostgreSQL plans with their statistics), and bounds. */
export interface SearchValues extends Record<string, unknown> {
  viewerId: Id;
  channelIds: Id[];
  authorId: Id | undefined;
  text: string | undefined;
  /** Exclusive bounds in id order: `before` no further than just past the channels' newest message. */
  after: Id;
  before: Id;
  limit: number;
  /** One more than `limit`: the hit past the page says whether there are more. */
  take: number;
}

export const searchValues = (viewerId: Id, channelIds: Id[], before: Id, { text, authorId, after, limit }: SearchQuery): SearchValues => ({
  viewerId,
  channelIds,
  authorId,
  text,
  after: after ?? '-1',
  before,
  limit,
  take: limit + 1,
});

/**
 * The newest `take` messages of the channels that hold the words (and are the author's), newest
 * first. PostgreSQL plans it for its values (it runs unprepared): the words' estimate from the GIN
 * index's statistics decides between walking the primary key back from `before` and keeping the
 * few that match (a common word: a few rows each), and finding the matches in the GIN index and
 * sorting them (a rare one); an author's messages are walked on (author_id, id). `before` starts
 * the walk at the channels' newest message, not at the newest of a busier server.
 */
export const SEARCH_JSON = new PrecompiledStatement<SearchValues, { body: string; has_more: boolean }>(
  ({ viewerId, channelIds, authorId, text, after, before, limit, take }) => sql`
    with hits as (
      select ${sql.raw(MESSAGE_COLUMNS.map((column) => `m.${column}`).join(', '))}, m.route_id
      from messages m
      where m.channel_id = any(${channelIds}::bigint[]) and m.id > ${after}::bigint and m.id < ${before}::bigint
        ${authorId !== undefined ? sql`and m.author_id = ${authorId}::bigint` : sql``}
        ${text !== undefined ? sql`and m.search_vector @@ websearch_to_tsquery('simple', ${text})` : sql``}
      order by m.id desc
      limit ${take}
    ),
    page as (select * from hits order by id desc limit ${limit}),
    ${pageReactions(viewerId, undefined)},
    ${REACTION_LISTS}
    select ${pageBody('desc', sql`p.route_id`)} as body, (select count(*) from hits) > ${limit} as has_more`,
);

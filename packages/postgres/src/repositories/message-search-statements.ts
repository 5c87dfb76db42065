import { bitsOf, READ_NEEDS, type Id, type SearchQuery } from '@chat/domain';
import { sql } from 'kysely';
import { PrecompiledStatement } from '../prepared-statements';
import { MESSAGE_COLUMNS } from './message-fields';
import { pageBody, pageReactions, REACTION_LISTS } from './message-page-statements';
import { channelPermissionsOf } from './message-sql';

/* The search's statement: the hits among what the viewer may read, rendered as a page's messages are. */

/** What a search takes, always in this order; no `serverId`: the viewer's direct conversations. */
export interface SearchValues extends Record<string, unknown> {
  viewerId: Id;
  serverId: Id | undefined;
  channelId: Id | undefined;
  authorId: Id | undefined;
  text: string | undefined;
  /** Exclusive bounds in id order, always set (below and above every id when the search has none). */
  after: Id;
  before: Id;
  limit: number;
  /** One more than `limit`: the hit past the page says whether there are more. */
  take: number;
}

export const searchValues = (viewerId: Id, serverId: Id | undefined, { text, authorId, channelId, before, after, limit }: SearchQuery): SearchValues => ({
  viewerId,
  serverId,
  channelId,
  authorId,
  text,
  after: after ?? '-1',
  before: before ?? '9223372036854775807',
  limit,
  take: limit + 1,
});

const READ = sql.lit(bitsOf(READ_NEEDS));

/**
 * The channels searched: the server's where the viewer is a member holding `READ_NEEDS` (the gate's
 * rule, `channelPermissionsOf`), or the conversations they are a recipient of.
 */
const readable = ({ viewerId, serverId, channelId }: SearchValues) =>
  serverId !== undefined
    ? sql`
      select c.id from channels c
      join members mb on mb.server_id = c.server_id and mb.user_id = ${viewerId}
      cross join lateral (${channelPermissionsOf}) p
      where c.server_id = ${serverId} ${channelId !== undefined ? sql`and c.id = ${channelId}` : sql``}
        and (p.bits & ${READ}) = ${READ}`
    : sql`
      select cr.conversation_id as id from conversation_recipients cr
      where cr.user_id = ${viewerId} ${channelId !== undefined ? sql`and cr.conversation_id = ${channelId}` : sql``}`;

/**
 * The newest `take` hits of each channel, then the newest `take` of them all. Each channel is walked
 * newest first on (channel_id, id), which stops at its `take`-th hit (a common word: a few rows), or
 * its hits are found in the words' index and sorted (a rare word), as PostgreSQL's estimate from the
 * index's statistics decides, per search: the statement runs unprepared, with a plan for its words.
 * The channel is bounded by row comparisons, not `channel_id = v.id`: with an equality, PostgreSQL
 * may walk the primary key for the channel's newest rows, through every other channel's newer ones
 * (a quiet server among busy ones), and with a plain range on `channel_id` it underestimates the
 * channel and intersects the words' index with the whole of it.
 */
const hits = ({ authorId, text, after, before, take }: SearchValues) => sql`
  select h.* from visible v cross join lateral (
    select ${sql.raw(MESSAGE_COLUMNS.map((column) => `m.${column}`).join(', '))}
    from messages m
    where (m.channel_id, m.id) > (v.id, ${after}::bigint) and (m.channel_id, m.id) < (v.id, ${before}::bigint)
      ${authorId !== undefined ? sql`and m.author_id = ${authorId}` : sql``}
      ${text !== undefined ? sql`and m.search_vector @@ websearch_to_tsquery('simple', ${text})` : sql``}
    order by m.channel_id desc, m.id desc
    limit ${take}
  ) h
  order by h.id desc
  limit ${take}`;

/** The hits as a page's messages, newest first, and whether there were more than `limit`. */
export const SEARCH_JSON = new PrecompiledStatement<SearchValues, { body: string; has_more: boolean }>(
  (values) => sql`
    with visible as (${readable(values)}),
    hits as (${hits(values)}),
    page as (select * from hits order by id desc limit ${values.limit}),
    ${pageReactions(values.viewerId)},
    ${REACTION_LISTS}
    select ${pageBody('desc')} as body, (select count(*) from hits) > ${values.limit} as has_more`,
);

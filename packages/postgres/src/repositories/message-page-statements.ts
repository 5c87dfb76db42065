import { READ_NEEDS, type Actor, type AroundCursor, type MessageCursor } from '@chat/domain';
import { sql, type RawBuilder } from 'kysely';
import { PrecompiledStatement, preparedMark } from '../prepared-statements';
import { authorJson } from './author-json';
import { concat, fieldsJson, MESSAGE_COLUMNS, MESSAGE_FIELDS } from './message-fields';
import { gateOpens, gateQuery, reactionCounts, type GateRow, type Operand } from './message-sql';
import { repliedMessage, replyJson } from './reply-sql';

/* The gated page's statement: the page's JSON rendered by the database (pageJsonAs, pageAroundJsonAs). */

const columns = sql.raw(MESSAGE_COLUMNS.map((column) => `m.${column}`).join(', '));

/**
 * The channel's messages from the cursor `bound` on (`m.id < …` or `m.id > …`, or none), `direction`
 * (`desc`: the newest first), at most `limit`; only if the gate opens. The channel is a range of
 * one value and the order names it (see `pageJsonAs`).
 */
const walk = (channelId: string, route: string, bound: RawBuilder<unknown>, direction: 'asc' | 'desc', limit: RawBuilder<unknown>) => sql`
  select ${columns}
  from messages m
  where (select ${gateOpens} from gate)
    and m.route_id = ${route} and m.channel_id >= ${channelId} and m.channel_id <= ${channelId} ${bound}
  order by m.channel_id ${sql.raw(direction)}, m.id ${sql.raw(direction)}
  limit ${limit}`;

/**
 * Around a message: itself (rank 0), the older and the newer ranked in turn (1, 3, 5… and 2, 4, 6…),
 * the first `limit` by rank, so a side that runs short leaves its places to the other.
 */
const around = (channelId: string, route: string, id: string, limit: number) => sql`
  select ${sql.raw(MESSAGE_COLUMNS.join(', '))}, rank from (
    select m.*, 0 as rank from (${walk(channelId, route, sql`and m.id = ${id}`, 'asc', sql`1`)}) m
    union all
    select m.*, 2 * row_number() over (order by m.id desc) - 1 from (${walk(channelId, route, sql`and m.id < ${id}`, 'desc', sql`${limit}::int - 1`)}) m
    union all
    select m.*, 2 * row_number() over (order by m.id) from (${walk(channelId, route, sql`and m.id > ${id}`, 'asc', sql`${limit}::int - 1`)}) m
  ) ranked
  order by rank
  limit ${limit}`;

/**
 * The CTEs of a gated page: `gate` (one row, see gateQuery), `page` (the messages, newest or nearest
 * the cursor first; around a message, with their `rank`) and `counts` (their reactions: one row per
 * message and emoji, from the viewer's side).
 */
export function gatedPage({ sessionId, userId, channelId, route, before, after, around: aroundId, limit }: PageValues) {
  const bounds = sql`${before !== undefined ? sql`and m.id < ${before}` : sql``} ${after !== undefined ? sql`and m.id > ${after}` : sql``}`;
  return sql`
    with gate as (${gateQuery({ sessionId, userId }, channelId, route, READ_NEEDS)}),
    page as (${aroundId !== undefined ? around(channelId, route, aroundId, limit) : walk(channelId, route, bounds, after === undefined ? 'desc' : 'asc', sql`${limit}`)}),
    ${pageReactions(userId, route)}`;
}

/** What a gated page takes, always in this order (the statement is compiled once per cursor shape). */
export interface PageValues extends Record<string, unknown> {
  sessionId: string;
  userId: string;
  channelId: string;
  /** The channel's route (`ChannelRoutes`), named by each read (docs/sharding.md). */
  route: string;
  before: string | undefined;
  after: string | undefined;
  around: string | undefined;
  limit: number;
}

export const pageValues = (actor: Actor, channelId: string, route: string, cursor: MessageCursor | AroundCursor): PageValues => ({
  sessionId: actor.sessionId,
  userId: actor.userId,
  channelId,
  route,
  before: 'before' in cursor ? cursor.before : undefined,
  after: 'after' in cursor ? cursor.after : undefined,
  around: 'around' in cursor ? cursor.around : undefined,
  limit: cursor.limit,
});

/** `counts`: the reactions of the messages of CTE `page` (on `route`), from the viewer's side (see `reactionCounts`). */
export const pageReactions = (viewerId: string, route: string | undefined) => sql`counts as (${reactionCounts(viewerId, route, sql`message_id = any(array(select id from page))`)})`;

/** `lists`: each message's reactions of `counts` as the JSON text of their elements, in order of first use. */
export const REACTION_LISTS = sql`lists as (
  select message_id,
         string_agg('{"emoji":' || to_json(emoji)::text || ',"count":' || count || ',"reacted":' || reacted || '}', ',' order by first_seq) as list
  from counts group by message_id
)`;

/** One message of the page: its fields, the message it answers (`rt`), its author and its reactions (`lists`). */
const PAGE_MESSAGE = concat([
  ...fieldsJson((key) => sql.raw(`p.${MESSAGE_FIELDS[key].column}`), false, () => replyJson(sql`p.reply_to`, 'rt')),
  ...authorJson({ id: sql`p.author_id`, username: sql`u.username`, displayName: sql`u.display_name`, avatar: sql`u.avatar` }),
  ',"reactions":[',
  sql`coalesce(l.list, '')`,
  ']}',
]);

/**
 * The messages of CTE `page` as the interface's JSON array, in id order `direction` (`pinned`: the
 * most recently pinned first, then the newest): each message's
 * reactions joined in order of first use (`lists`), then the messages, with `string_agg`'s delimiter
 * as the comma between elements. Strings go through `to_json`, which escapes as `JSON.stringify`
 * does, so the text is exactly `JSON.stringify` of the `messageViewJson` values (the contract
 * compares them byte for byte). A message without reactions has no row in `lists`, hence
 * `coalesce`. The message's own fields are written as `MESSAGE_FIELDS` says (`PAGE_MESSAGE`). A
 * reply's message is read as the page is read (deleted since: `{"id":…,"deleted":true}`), by primary
 * key and only where `reply_to` is set: an index probe with a null key reads nothing.
 */
export const pageBody = (direction: 'asc' | 'desc' | 'pinned', route: Operand) => sql`(
  select '[' || coalesce(string_agg(${PAGE_MESSAGE}, ',' order by ${sql.raw(direction === 'pinned' ? 'p.pinned_at desc, p.id desc' : `p.id ${direction}`)}), '') || ']'
  from page p
  join users u on u.id = p.author_id
  left join lists l on l.message_id = p.id
  left join lateral (${repliedMessage(sql`p.reply_to`, route)}) rt on true
)`;

/**
 * The page as the interface's JSON, written by PostgreSQL (`pageBody`), oldest first; around a
 * message, `anchored` says whether the channel holds it (rank 0 is that message).
 */
export const PAGE_JSON = new PrecompiledStatement<PageValues, GateRow & { body: string; anchored?: boolean }>(
  (values) => sql`${sql.raw(preparedMark('page_json_as'))}
    ${gatedPage(values)},
    ${REACTION_LISTS}
    select g.live, g.found, g.member_id, g.member_username, g.permissions, g.allowed, g.conversation, g.blocked, ${pageBody('asc', values.route)} as body
      ${values.around !== undefined ? sql`, exists (select 1 from page where rank = 0) as anchored` : sql``}
    from gate g`,
);

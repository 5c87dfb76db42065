import { READ_NEEDS, type Actor, type MessageCursor } from '@chat/domain';
import { sql } from 'kysely';
import { PrecompiledStatement, preparedMark } from '../prepared-statements';
import { authorJson } from './author-json';
import { concat, fieldsJson, MESSAGE_COLUMNS, MESSAGE_FIELDS } from './message-fields';
import { gateOpens, gateQuery, reactionCounts, type GateRow } from './message-sql';

/* The gated page's statement: the page's JSON rendered by the database (pageJsonAs). */

/**
 * The CTEs of a gated page: `gate` (one row, see gateQuery), `page` (the messages, newest or nearest
 * the cursor first) and `counts` (their reactions: one row per message and emoji, from the viewer's side).
 */
export function gatedPage({ sessionId, userId, channelId, before, after, limit }: PageValues) {
  const direction = after === undefined ? sql`desc` : sql`asc`;
  return sql`
    with gate as (${gateQuery({ sessionId, userId }, channelId, READ_NEEDS)}),
    page as (
      select ${sql.raw(MESSAGE_COLUMNS.map((column) => `m.${column}`).join(', '))}
      from messages m
      where (select ${gateOpens} from gate)
        and m.channel_id >= ${channelId} and m.channel_id <= ${channelId}
        ${before !== undefined ? sql`and m.id < ${before}` : sql``}
        ${after !== undefined ? sql`and m.id > ${after}` : sql``}
      order by m.channel_id ${direction}, m.id ${direction}
      limit ${limit}
    ),
    counts as (${reactionCounts(userId, sql`message_id = any(array(select id from page))`)})`;
}

/** What a gated page takes, always in this order (the statement is compiled once per cursor shape). */
export interface PageValues extends Record<string, unknown> {
  sessionId: string;
  userId: string;
  channelId: string;
  before: string | undefined;
  after: string | undefined;
  limit: number;
}

export const pageValues = (actor: Actor, channelId: string, { before, after, limit }: MessageCursor): PageValues => ({
  sessionId: actor.sessionId,
  userId: actor.userId,
  channelId,
  before,
  after,
  limit,
});

/** One message of the page: its fields, its author and its reactions (`lists`). */
const PAGE_MESSAGE = concat([
  ...fieldsJson((key) => sql.raw(`p.${MESSAGE_FIELDS[key].column}`), false),
  ...authorJson({ id: sql`p.author_id`, username: sql`u.username`, displayName: sql`u.display_name`, avatar: sql`u.avatar` }),
  ',"reactions":[',
  sql`coalesce(l.list, '')`,
  ']}',
]);

/**
 * The page as the interface's JSON, written by PostgreSQL: each message's reactions joined in order
 * of first use, then the messages joined in order of id, with `string_agg`'s delimiter as the comma
 * between elements. Strings go through `to_json`, which escapes as `JSON.stringify` does, so the
 * text is exactly `JSON.stringify` of the `messageViewJson` values (the contract compares them byte
 * for byte). A message without reactions has no row in `lists`, hence `coalesce`. The message's own
 * fields are written as `MESSAGE_FIELDS` says (`PAGE_MESSAGE`).
 */
export const PAGE_JSON = new PrecompiledStatement<PageValues, GateRow & { body: string }>(
  (values) => sql`${sql.raw(preparedMark('page_json_as'))}
    ${gatedPage(values)},
    lists as (
      select message_id,
             string_agg('{"emoji":' || to_json(emoji)::text || ',"count":' || count || ',"reacted":' || reacted || '}', ',' order by first_seq) as list
      from counts group by message_id
    )
    select g.live, g.found, g.member_id, g.member_username, g.permissions, g.allowed, g.conversation, g.blocked, (
      select '[' || coalesce(string_agg(
               ${PAGE_MESSAGE},
             ',' order by p.id), '') || ']'
      from page p
      join users u on u.id = p.author_id
      left join lists l on l.message_id = p.id
    ) as body
    from gate g`,
);

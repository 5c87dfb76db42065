import { SEND_NEEDS, type Message } from '@chat/domain';
import { sql, type RawBuilder } from 'kysely';
import { PrecompiledStatement, preparedMark } from '../prepared-statements';
import { authorJson } from './author-json';
import { concat, fieldsJson, insertedValues, MESSAGE_COLUMNS, MESSAGE_FIELDS, SENT_KEYS, sqlTypeOf, type SentKey } from './message-fields';
import { gateOpens, gateQuery, type GateRow } from './message-sql';

/* The gated send's statements: one send, and the sends of one event-loop turn in one statement. */

/** One send: the actor, the fields the send supplies (`SENT_KEYS`), the nonce. */
export type CreateValues = { sessionId: string; userId: string } & Pick<Message, SentKey> & { nonce: string | null };

/** A send's values as the statements take them, in the order they are compiled in. */
export const createValues = (actor: { sessionId: string; userId: string }, message: Omit<Message, 'authorId'>, nonce: string | null): CreateValues =>
  ({ sessionId: actor.sessionId, userId: actor.userId, ...Object.fromEntries(SENT_KEYS.map((key) => [key, message[key]])), nonce }) as CreateValues;

type Row = Record<SentKey | 'userId' | 'nonce', unknown>;

/**
 * The `message.created` event of a stored send in the wire form: byte for byte
 * `JSON.stringify(eventJson(event).d)` (compact, the serializer's key order, no `nonce` key without
 * a nonce), so the gateway puts the log's text into its frames as it is (`lazilyDecoded`'s `wire`).
 * Written as the page is (`PAGE_JSON`): `json_build_object(...)::text` would put a space around
 * each colon and write `"nonce" : null`. Strings go through `to_json`, which escapes as
 * `JSON.stringify` does; ids are digits. The property test `wire-form.property.test.ts` holds it to that.
 */
export const messageCreatedPayload = (row: Row) =>
  concat([
    ...fieldsJson((key, cast) => sql`${row[key as SentKey]}::${sql.raw(cast)}`, true),
    ...authorJson({ id: sql`${row.userId}::text`, username: sql`member_username`, displayName: sql`member_display_name`, avatar: sql`member_avatar` }),
    ',"reactions":[]',
    // A direct conversation's message belongs to no server: no `serverId` key.
    sql`coalesce(',"serverId":"' || server_id::text || '"', '')`,
    sql`coalesce(',"nonce":' || to_json(${row.nonce}::text)::text, '')`,
    '}',
  ]);

const columns = sql.raw(MESSAGE_COLUMNS.join(', '));

/**
 * Sending marks the channel read up to the message sent, in the send's own statement (a `CTE`
 * over its gate's rows, `marks`: user, channel, message): never backwards, as `markRead`. Rows are
 * written in key order, so two batches that move the same markers lock them in one order.
 */
const markSent = (marks: RawBuilder<unknown>) => sql`
      insert into read_states (user_id, channel_id, last_read_message_id)
      ${marks}
      on conflict (user_id, channel_id) do update set last_read_message_id = excluded.last_read_message_id
      where read_states.last_read_message_id < excluded.last_read_message_id`;

/** The gate's columns a send answers with: its facts, and the author it wrote (see `gateOf`). */
const SENT_GATE_COLUMNS = sql.raw('live, found, member_id, member_username, member_display_name, member_avatar, permissions, allowed, conversation, blocked');

export const CREATE = new PrecompiledStatement<CreateValues, GateRow>(
  (values) => sql`${sql.raw(preparedMark('create_as'))}
    with gate as (${gateQuery(values, values.channelId, SEND_NEEDS)}),
    stored as (
      insert into messages (${columns})
      select ${insertedValues((key) => sql`${values[key]}::${sql.raw(sqlTypeOf(key))}`, sql`${values.userId}::bigint`)}
      from gate where ${gateOpens}
      returning id
    ),
    logged as (
      insert into events (type, server_id, channel_id, payload)
      select 'message.created', coalesce(server_id, ${values.channelId}::bigint), ${values.channelId}::bigint, ${messageCreatedPayload(values)}
      from gate where ${gateOpens}
    ),
    marked as (${markSent(sql`select ${values.userId}::bigint, ${values.channelId}::bigint, ${values.id}::bigint from gate where ${gateOpens}`)})
    select ${SENT_GATE_COLUMNS} from gate`,
);

/** `CreateValues` of several sends, column by column, for `unnest`: `ids`, `channelIds`, ... */
export type CreateColumns = { sessionIds: string[]; userIds: string[] } & { [K in SentKey as `${K}s`]: Message[K][] } & { nonces: (string | null)[] };

export const columnsOf = (batch: readonly CreateValues[]): CreateColumns =>
  Object.fromEntries(['sessionId', 'userId', ...SENT_KEYS, 'nonce'].map((key) => [`${key}s`, batch.map((send) => send[key as keyof CreateValues])])) as CreateColumns;

/** The unnest's arrays and the names of its columns: the actor's, the send's fields', the nonce. */
const unnested = (values: CreateColumns) => {
  const arrays: [unknown, string, string][] = [
    [values.sessionIds, 'bigint', 'session_id'],
    [values.userIds, 'bigint', 'user_id'],
    ...SENT_KEYS.map((key): [unknown, string, string] => [values[`${key}s`], sqlTypeOf(key), MESSAGE_FIELDS[key].column]),
    [values.nonces, 'text', 'nonce'],
  ];
  return {
    arrays: sql.join(arrays.map(([array, type]) => sql`${array}::${sql.raw(type)}[]`)),
    names: sql.raw(arrays.map(([, , name]) => name).join(', ')),
  };
};

/** `CREATE` for several sends: each row's own gate, one insert, the gates in the sends' order. */
export const CREATE_MANY = new PrecompiledStatement<CreateColumns, GateRow>((values) => {
  const { arrays, names } = unnested(values);
  const column = (name: string): RawBuilder<unknown> => sql.raw(name);
  return sql`${sql.raw(preparedMark('create_many_as'))}
    with sends as (
      select * from unnest(${arrays})
        with ordinality as b (${names}, n)
    ),
    gated as (
      select b.*, g.*
      from sends b
      cross join lateral (${gateQuery({ sessionId: sql`b.session_id`, userId: sql`b.user_id` }, sql`b.channel_id`, SEND_NEEDS)}) g
    ),
    stored as (
      insert into messages (${columns})
      select ${insertedValues((key) => column(MESSAGE_FIELDS[key].column), column('user_id'))}
      from gated where ${gateOpens}
      returning id
    ),
    logged as (
      insert into events (type, server_id, channel_id, payload)
      select 'message.created', coalesce(server_id, channel_id), channel_id,
             ${messageCreatedPayload({ ...Object.fromEntries(SENT_KEYS.map((key) => [key, column(MESSAGE_FIELDS[key].column)])), userId: column('user_id'), nonce: column('nonce') } as Row)}
      from gated where ${gateOpens}
      order by n
    ),
    -- One row per author and channel (an upsert may not touch a row twice): their newest send.
    marked as (${markSent(sql`select user_id, channel_id, max(id) from gated where ${gateOpens} group by user_id, channel_id order by user_id, channel_id`)})
    select ${SENT_GATE_COLUMNS} from gated order by n`;
});

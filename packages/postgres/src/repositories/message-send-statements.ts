import { SEND_NEEDS, type Id, type Message } from '@chat/domain';
import { sql, type RawBuilder } from 'kysely';
import { PrecompiledStatement, preparedMark } from '../prepared-statements';
import { authorJson } from './author-json';
import { claimAttachments, claimedColumns, NOTHING_CLAIMED, sentOnly, type ClaimedRow } from './attachment-claim-sql';
import { batchedOf, CLAIMED, concat, fieldsJson, insertedValues, isKept, MESSAGE_COLUMNS, MESSAGE_FIELDS, SENT_KEYS, sqlTypeOf, type SentKey } from './message-fields';
import { gateOpens, gateQuery, type GateRow } from './message-sql';
import { keptColumns, permissionsAllowEveryone, type KeptRow } from './mention-sql';
import { repliedMessage, replyJson, withRepliedAuthor, type RepliedColumns } from './reply-sql';

/* The gated send's statements: one send, and the sends of one event-loop turn in one statement. */

/**
 * One send: the actor, the fields the send supplies (`SENT_KEYS`), the nonce, the files it names
 * (undefined for none: a statement of another shape, without the claim, so a send without files
 * costs what it did before files), whether a reply mentions the author it answers.
 */
export type CreateValues = { sessionId: string; userId: string } & Pick<Message, SentKey> & {
    /** The channel's route (`ChannelRoutes`): every read names it, every row written holds it (docs/sharding.md). */
    route: string;
    nonce: string | null;
    attachmentIds: readonly Id[] | undefined;
    mentionAuthor: boolean;
  };

/** A send's values as the statements take them, in the order they are compiled in. */
export const createValues = (
  actor: { sessionId: string; userId: string },
  message: Omit<Message, 'authorId'>,
  route: string,
  nonce: string | null,
  attachmentIds: readonly Id[] = [],
  mentionAuthor = true,
): CreateValues =>
  ({
    sessionId: actor.sessionId,
    userId: actor.userId,
    ...Object.fromEntries(SENT_KEYS.map((key) => [key, message[key]])),
    route,
    nonce,
    attachmentIds: attachmentIds.length > 0 ? attachmentIds : undefined,
    mentionAuthor,
  }) as CreateValues;

type Row = Record<SentKey | 'userId' | 'nonce' | 'attachments', unknown>;

/** The message a reply answers, as the send read it (`repliedMessage`); `reply_found`: false when the channel holds no such message. */
export type ReplyRow = RepliedColumns & { reply_found: boolean | null };

/** What a send answers with: its gate's row, the mentions it kept, the reply it read and the files it claimed (null where the gate stayed shut). */
export type SentRow = GateRow & KeptRow & ReplyRow & ClaimedRow;

/** Where a send that names no file is stored: the gate opens and its reply, if any, answers a message of the channel (with files: `sentOnly`). */
const sendOpens = sql`${gateOpens} and reply_found`;

/** A kept field's column in the statements (`keptColumns`), or the send's own value's. */
const storedColumn = (key: SentKey): string => (isKept(key) ? `kept_${MESSAGE_FIELDS[key].column}` : MESSAGE_FIELDS[key].column);

/**
 * The `message.created` event of a stored send in the wire form: byte for byte
 * `JSON.stringify(eventJson(event).d)` (compact, the serializer's key order, no `nonce` key without
 * a nonce), so the gateway puts the log's text into its frames as it is (`lazilyDecoded`'s `wire`).
 * Written as the page is (`PAGE_JSON`): `json_build_object(...)::text` would put a space around
 * each colon and write `"nonce" : null`. Strings go through `to_json`, which escapes as
 * `JSON.stringify` does; ids are digits. The property test `wire-form.property.test.ts` holds it to that.
 */
export const messageCreatedPayload = (row: Row, reply: string) =>
  concat([
    ...fieldsJson((key, cast) => sql`${row[key as SentKey]}::${sql.raw(cast)}`, true, () => replyJson(sql`${row.replyTo}::bigint`, reply)),
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
      insert into read_states (user_id, channel_id, route_id, last_read_message_id)
      ${marks}
      on conflict (user_id, channel_id) do update set last_read_message_id = excluded.last_read_message_id
      where read_states.last_read_message_id < excluded.last_read_message_id`;

/** The gate's columns a send answers with: its facts, and the author it wrote (see `gateOf`). */
const SENT_GATE_COLUMNS = sql.raw('live, found, member_id, member_username, member_display_name, member_avatar, permissions, allowed, conversation, blocked');

const KEPT_COLUMNS = sql.raw('kept_mentions, kept_mention_roles, kept_mention_everyone, reply_found, reply_id, reply_author_id, reply_username, reply_content');

/** A send's own value as a parameter of its type, or the column `kept` holds for a kept field. */
const sentValue = (values: CreateValues) => (key: SentKey) =>
  isKept(key) ? sql.raw(storedColumn(key)) : sql`${values[key]}::${sql.raw(sqlTypeOf(key))}`;

/**
 * The gate, then (only where it opens) the message a reply answers, read in this channel
 * (`repliedMessage`), and the mentions the rules keep (`kept`, see `keptColumns`: the users who see
 * the channel, the answered author among them, the server's roles, `@everyone` by the gate's own
 * permission bits), then the insert and the event, only where the reply found its message.
 */
export const CREATE = new PrecompiledStatement<CreateValues, SentRow>(
  (values) => sql`${sql.raw(preparedMark('create_as'))}
    with gate as (${gateQuery(values, values.channelId, values.route, SEND_NEEDS)}),
    kept as (
      select ${keptColumns(
        {
          mentions: withRepliedAuthor(sql`${values.mentions}::bigint[]`, sql`rp.reply_author_id`, sql`${values.mentionAuthor}::boolean`, sql`${values.userId}::bigint`),
          mentionRoles: sql`${values.mentionRoles}::bigint[]`,
          mentionEveryone: sql`${values.mentionEveryone}::boolean`,
        },
        values.channelId,
        values.route,
        permissionsAllowEveryone,
      )},
        (${values.replyTo}::bigint is null or rp.reply_id is not null) as reply_found, rp.*
      from gate left join (${repliedMessage(sql`${values.replyTo}::bigint`, values.route, sql`${values.channelId}::bigint`)}) rp on true
      where ${gateOpens}
    ),
    ${
      values.attachmentIds === undefined
        ? sql`sent as (select gate.*, ${NOTHING_CLAIMED} from gate, kept where ${sendOpens}),`
        : sql`sends as (select ${values.id}::bigint as id, ${values.createdAt}::timestamptz as created_at, ${values.userId}::bigint as user_id, ${values.attachmentIds}::bigint[] as attachment_ids, 1 as n, gate.*, kept.reply_found from gate left join kept on true),
    ${claimAttachments('sends')},
    sent as (select * from sends join claimed using (n) where ${sentOnly}),`
    }
    stored as (
      insert into messages (${columns}, route_id)
      select ${insertedValues(sentValue(values), sql`${values.userId}::bigint`)}, ${values.route}::bigint
      from sent, kept
      returning id
    ),
    logged as (
      insert into events (type, server_id, channel_id, payload)
      select 'message.created', ${values.route}::bigint, ${values.channelId}::bigint,
             ${messageCreatedPayload({ ...values, ...Object.fromEntries(SENT_KEYS.filter(isKept).map((key) => [key, sql.raw(storedColumn(key))])), attachments: sql.raw(CLAIMED) }, 'kept')}
      from sent, kept
    ),
    marked as (${markSent(sql`select ${values.userId}::bigint, ${values.channelId}::bigint, ${values.route}::bigint, ${values.id}::bigint from sent`)})
    select ${SENT_GATE_COLUMNS}, ${KEPT_COLUMNS}, ${claimedColumns}
    from gate left join kept on true ${values.attachmentIds === undefined ? sql`cross join (select ${NOTHING_CLAIMED}) claimed` : sql`left join claimed on true`}`,
);

/**
 * `CreateValues` of several sends of one route, column by column, for `unnest`: `ids`,
 * `channelIds`, ... (an array of ids as the text of its literal: see `batchedOf`), and their `route`,
 * one value for the statement (sends are batched per route: `KyselyMessageRepository.sends`).
 */
export type CreateColumns = { sessionIds: string[]; userIds: string[]; route: string } & { [K in SentKey as `${K}s`]: unknown[] } & {
    nonces: (string | null)[];
    attachmentIds: string[] | undefined;
    mentionAuthors: boolean[];
  };

export const columnsOf = (batch: readonly CreateValues[]): CreateColumns => {
  const route = batch[0]?.route ?? '0';
  if (batch.some((send) => send.route !== route)) throw new Error('a batch of sends spans routes');
  return {
    route,
    sessionIds: batch.map((send) => send.sessionId),
    userIds: batch.map((send) => send.userId),
    ...Object.fromEntries(SENT_KEYS.map((key) => [`${key}s`, batch.map((send) => batchedOf(key).encode(send[key]))])),
    nonces: batch.map((send) => send.nonce),
    // Undefined when no send of the batch names a file: the shape without the claim.
    attachmentIds: batch.some((send) => send.attachmentIds !== undefined) ? batch.map((send) => `{${(send.attachmentIds ?? []).join(',')}}`) : undefined,
    mentionAuthors: batch.map((send) => send.mentionAuthor),
  } as CreateColumns;
};

/** The unnest's arrays, the names of its columns (the actor's, the send's fields', the nonce) and the columns as their types. */
const unnested = (values: CreateColumns) => {
  const arrays: [unknown, string, string, string][] = [
    [values.sessionIds, 'bigint', 'session_id', 'session_id'],
    [values.userIds, 'bigint', 'user_id', 'user_id'],
    ...SENT_KEYS.map((key): [unknown, string, string, string] => {
      const { type, read } = batchedOf(key);
      const name = MESSAGE_FIELDS[key].column;
      return [values[`${key}s`], type, name, read(name)];
    }),
    [values.nonces, 'text', 'nonce', 'nonce'],
    [values.mentionAuthors, 'boolean', 'mention_author', 'mention_author'],
    // Ids as the text of an array literal, as `batchedOf` sends an array of ids.
    ...(values.attachmentIds === undefined ? [] : [[values.attachmentIds, 'text', 'attachment_ids', 'attachment_ids::bigint[] as attachment_ids'] as [unknown, string, string, string]]),
  ];
  return {
    arrays: sql.join(arrays.map(([array, type]) => sql`${array}::${sql.raw(type)}[]`)),
    names: sql.raw(arrays.map(([, , name]) => name).join(', ')),
    typed: sql.raw(arrays.map(([, , , read]) => read).join(', ')),
  };
};

/** `CREATE` for several sends: each row's own gate, one insert, the gates in the sends' order. */
export const CREATE_MANY = new PrecompiledStatement<CreateColumns, SentRow>((values) => {
  const { arrays, names, typed } = unnested(values);
  const column = (name: string): RawBuilder<unknown> => sql.raw(name);
  const route = sql`${values.route}::bigint`;
  const asked = {
    mentions: withRepliedAuthor(sql`b.mentions`, sql`rp.reply_author_id`, sql`b.mention_author`, sql`b.user_id`),
    mentionRoles: sql`b.mention_roles`,
    mentionEveryone: sql`b.mention_everyone`,
  };
  return sql`${sql.raw(preparedMark('create_many_as'))}
    with sends as (
      select ${typed}, n from unnest(${arrays})
        with ordinality as b (${names}, n)
    ),
    gated as (
      select b.*, g.*, rp.*, k.*
      from sends b
      cross join lateral (${gateQuery({ sessionId: sql`b.session_id`, userId: sql`b.user_id` }, sql`b.channel_id`, route, SEND_NEEDS)}) g
      left join lateral (${repliedMessage(sql`b.reply_to`, route, sql`b.channel_id`)}) rp on ${gateOpens}
      left join lateral (
        select ${keptColumns(asked, sql`b.channel_id`, route, permissionsAllowEveryone)}, (b.reply_to is null or rp.reply_id is not null) as reply_found where ${gateOpens}
      ) k on true
    ),
    ${
      values.attachmentIds === undefined
        ? sql`sent as (select *, ${NOTHING_CLAIMED} from gated where ${sendOpens}),`
        : sql`${claimAttachments('gated')},
    sent as (select * from gated join claimed using (n) where ${sentOnly}),`
    }
    stored as (
      insert into messages (${columns}, route_id)
      select ${insertedValues((key) => column(storedColumn(key)), column('user_id'))}, ${route}
      from sent
      returning id
    ),
    logged as (
      insert into events (type, server_id, channel_id, payload)
      select 'message.created', ${route}, channel_id,
             ${messageCreatedPayload({ ...Object.fromEntries(SENT_KEYS.map((key) => [key, column(storedColumn(key))])), userId: column('user_id'), nonce: column('nonce'), attachments: column(CLAIMED) } as Row, 'sent')}
      -- In the sends' order (their ids), the route written by the insert's own select, so the plan
      -- shows it as the statement's value (distribution-key.test.ts).
      from (select * from sent order by n) sent
    ),
    -- One row per author and channel (an upsert may not touch a row twice): their newest send.
    marked as (${markSent(sql`select user_id, channel_id, ${route}, last from (select user_id, channel_id, max(id) as last from sent group by user_id, channel_id order by user_id, channel_id) newest`)})
    select ${SENT_GATE_COLUMNS}, ${KEPT_COLUMNS}, ${claimedColumns}
    from gated ${values.attachmentIds === undefined ? sql`cross join (select ${NOTHING_CLAIMED}) claimed` : sql`join claimed using (n)`} order by n`;
});

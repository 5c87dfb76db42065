import { SEND_NEEDS } from '@chat/domain';
import { sql } from 'kysely';
import { PrecompiledStatement, preparedMark } from '../prepared-statements';
import { gateOpens, gateQuery, isoDate, type GateRow } from './message-sql';

/* The gated send's statements: one send, and the sends of one event-loop turn in one statement. */

export interface CreateValues extends Record<string, unknown> {
  sessionId: string;
  userId: string;
  id: string;
  channelId: string;
  content: string;
  createdAt: Date;
  nonce: string | null;
}

/**
 * The `message.created` event of a stored send in the wire form: byte for byte
 * `JSON.stringify(eventJson(event).d)` (compact, the serializer's key order, no `nonce` key without
 * a nonce), so the gateway puts the log's text into its frames as it is (`lazilyDecoded`'s `wire`).
 * Written as the page is (`PAGE_JSON`): `json_build_object(...)::text` would put a space around
 * each colon and write `"nonce" : null`. Strings go through `to_json`, which escapes as
 * `JSON.stringify` does; ids are digits. The property test `wire-form.property.test.ts` holds it to that.
 */
export const messageCreatedPayload = (row: Record<'id' | 'channelId' | 'userId' | 'content' | 'createdAt' | 'nonce', unknown>) => sql`
  '{"id":"' || ${row.id}::text || '","channelId":"' || ${row.channelId}::text || '","content":' || to_json(${row.content}::text)::text
  || ',"createdAt":"' || ${isoDate(sql`${row.createdAt}::timestamptz`)} || '","editedAt":null,"author":{"id":"' || ${row.userId}::text
  || '","username":' || to_json(member_username)::text || '},"reactions":[],"serverId":"' || server_id::text || '"'
  || coalesce(',"nonce":' || to_json(${row.nonce}::text)::text, '') || '}'`;

export const CREATE = new PrecompiledStatement<CreateValues, GateRow>(
  ({ sessionId, userId, id, channelId, content, createdAt, nonce }) => sql`${sql.raw(preparedMark('create_as'))}
    with gate as (${gateQuery({ sessionId, userId }, channelId, SEND_NEEDS)}),
    stored as (
      insert into messages (id, channel_id, author_id, content, created_at, edited_at)
      select ${id}::bigint, ${channelId}::bigint, ${userId}::bigint, ${content}::text, ${createdAt}::timestamptz, null
      from gate where ${gateOpens}
      returning id
    ),
    logged as (
      insert into events (type, server_id, payload)
      select 'message.created', server_id, ${messageCreatedPayload({ id, channelId, userId, content, createdAt, nonce })}
      from gate where ${gateOpens}
    )
    select live, found, member_id, member_username, permissions, allowed from gate`,
);

/** `CreateValues` of several sends, column by column, for `unnest`. */
export interface CreateColumns extends Record<string, unknown> {
  sessionIds: string[];
  userIds: string[];
  ids: string[];
  channelIds: string[];
  contents: string[];
  createdAts: Date[];
  nonces: (string | null)[];
}

export const columnsOf = (batch: readonly CreateValues[]): CreateColumns => ({
  sessionIds: batch.map((send) => send.sessionId),
  userIds: batch.map((send) => send.userId),
  ids: batch.map((send) => send.id),
  channelIds: batch.map((send) => send.channelId),
  contents: batch.map((send) => send.content),
  createdAts: batch.map((send) => send.createdAt),
  nonces: batch.map((send) => send.nonce),
});

/** `CREATE` for several sends: each row's own gate, one insert, the gates in the sends' order. */
export const CREATE_MANY = new PrecompiledStatement<CreateColumns, GateRow>(
  ({ sessionIds, userIds, ids, channelIds, contents, createdAts, nonces }) => sql`${sql.raw(preparedMark('create_many_as'))}
    with sends as (
      select * from unnest(${sessionIds}::bigint[], ${userIds}::bigint[], ${ids}::bigint[], ${channelIds}::bigint[], ${contents}::text[], ${createdAts}::timestamptz[], ${nonces}::text[])
        with ordinality as b (session_id, user_id, id, channel_id, content, created_at, nonce, n)
    ),
    gated as (
      select b.*, g.*
      from sends b
      cross join lateral (${gateQuery({ sessionId: sql`b.session_id`, userId: sql`b.user_id` }, sql`b.channel_id`, SEND_NEEDS)}) g
    ),
    stored as (
      insert into messages (id, channel_id, author_id, content, created_at, edited_at)
      select id, channel_id, user_id, content, created_at, null
      from gated where ${gateOpens}
      returning id
    ),
    logged as (
      insert into events (type, server_id, payload)
      select 'message.created', server_id,
             ${messageCreatedPayload({ id: sql`id`, channelId: sql`channel_id`, userId: sql`user_id`, content: sql`content`, createdAt: sql`created_at`, nonce: sql`nonce` })}
      from gated where ${gateOpens}
      order by n
    )
    select live, found, member_id, member_username, permissions, allowed from gated order by n`,
);

/** A timestamp as JavaScript's toISOString writes it (UTC, milliseconds, Z); null stays null. */

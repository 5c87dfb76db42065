import { bitOf } from '@chat/domain';
import { sql, type RawBuilder } from 'kysely';
import { channelPermissionsOf, type Operand } from './message-sql';

/*
 * The domain's `keptMentions` in SQL, for the statements that store a message's mentions (a send,
 * a batch of sends, an edit): of the users a content names, those who can see the channel; of its
 * roles, the channel's server's own. Each is read only when the content names some, so a message
 * that mentions nobody costs nothing more.
 */

type Sql = RawBuilder<unknown>;

const VIEW = sql.lit(bitOf('VIEW_CHANNEL'));
const MENTION_EVERYONE = sql.lit(bitOf('MENTION_EVERYONE'));

/**
 * Whether `userId` is a member of channel `channelId`'s server holding `bit` there
 * (`channelPermissionsOf`); false in a conversation. `route`: the channel's (`ChannelRoutes`), named
 * by each read (docs/sharding.md).
 */
const holds = (userId: Operand, channelId: Operand, route: Operand, bit: Sql) => sql`exists (
  select 1 from channels c
  join members mb on mb.server_id = ${route} and mb.server_id = c.server_id and mb.user_id = ${userId}
  cross join lateral (${channelPermissionsOf(route)}) p
  where c.server_id = ${route} and c.id = ${channelId} and (p.bits & ${bit}) <> 0)`;

/**
 * Of the users `ids` (a `bigint[]`), in their order, those who can see channel `channelId`: members
 * holding VIEW_CHANNEL there, or the conversation's recipients. At most `MENTION_LIMIT` ids, each a
 * few probes by primary key.
 */
const usersWhoSee = (ids: Sql, channelId: Operand, route: Operand) => sql`
  case when cardinality(${ids}) = 0 then '{}'::bigint[] else array(
    select t.id from unnest(${ids}) with ordinality t (id, n)
    where ${holds(sql`t.id`, channelId, route, VIEW)}
       or exists (select 1 from conversation_recipients cr where cr.conversation_id = ${route} and cr.conversation_id = ${channelId} and cr.user_id = t.id)
    order by t.n) end`;

/**
 * Of the roles `ids` (a `bigint[]`), in their order, those of channel `channelId`'s server, other
 * than `@everyone` (whose id is the server's): each one probe by primary key (a sub-select, which
 * the planner cannot turn into a scan of the server's roles).
 */
const rolesOfServer = (ids: Sql, channelId: Operand, route: Operand) => sql`
  case when cardinality(${ids}) = 0 then '{}'::bigint[] else array(
    select t.id from unnest(${ids}) with ordinality t (id, n), (select c.server_id from channels c where c.server_id = ${route} and c.id = ${channelId}) c
    where (select r.server_id from roles r where r.server_id = ${route} and r.id = t.id) = c.server_id and t.id <> c.server_id
    order by t.n) end`;

/** What a content asks for, as SQL expressions: `mentions` and `mentionRoles` of type `bigint[]`, `mentionEveryone` boolean. */
export interface AskedMentions {
  readonly mentions: Sql;
  readonly mentionRoles: Sql;
  readonly mentionEveryone: Sql;
}

/**
 * The kept mentions as three columns, `kept_mentions`, `kept_mention_roles` and
 * `kept_mention_everyone`. `everyoneAllowed`: whether the author may mention everyone there (a
 * send's gate knows its bits: `permissionsAllowEveryone`; an edit asks `authorMayMentionEveryone`).
 */
export const keptColumns = (asked: AskedMentions, channelId: Operand, route: Operand, everyoneAllowed: Sql) => sql`
  ${usersWhoSee(asked.mentions, channelId, route)} as kept_mentions,
  ${rolesOfServer(asked.mentionRoles, channelId, route)} as kept_mention_roles,
  (${asked.mentionEveryone} and ${everyoneAllowed}) as kept_mention_everyone`;

/** From a gate's row (`gateQuery`): a server channel's member holding MENTION_EVERYONE there. */
export const permissionsAllowEveryone = sql`(not conversation and (permissions & ${MENTION_EVERYONE}) <> 0)`;

/** Whether message `m`'s author holds MENTION_EVERYONE in its channel (never in a conversation). */
export const authorMayMentionEveryone = holds(sql`m.author_id`, sql`m.channel_id`, sql`m.route_id`, MENTION_EVERYONE);

/** The kept mentions as a row of `keptColumns` answers them, back to the entity's names. */
export interface KeptRow {
  kept_mentions: string[] | null;
  kept_mention_roles: string[] | null;
  kept_mention_everyone: boolean | null;
}

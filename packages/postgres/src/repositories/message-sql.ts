import { ALL_PERMISSIONS, bitOf, bitsOf, CONVERSATION_PERMISSIONS, type Gated, type MessageView, type Permission, type ReactionSummary, type UserSummary } from '@chat/domain';
import { sql, type RawBuilder } from 'kysely';
import { fromRow, type MessageRow } from './message-fields';
import { replyPreviewOf, type RepliedColumns } from './reply-sql';

/* SQL shared by the message store's statements: the view of a message, its reactions, and the gate. */

/** A message's row with its author's names and avatar, its reactions and the message it answers (`view`). */
export type ViewRow = MessageRow & { username: string; display_name: string | null; avatar: string | null; reactions: ReactionSummary[] } & RepliedColumns;

/** The row as the entity, then as a reader sees it: the author's id and name together, the reply's preview, the reactions. */
export const toView = (row: ViewRow): MessageView => {
  const { authorId, replyTo, pinnedAt, ...fields } = fromRow(row);
  return {
    ...fields,
    replyTo: replyPreviewOf(replyTo, row),
    pinned: pinnedAt !== null,
    author: { id: authorId, username: row.username, displayName: row.display_name, avatar: row.avatar },
    reactions: row.reactions,
  };
};

/**
 * Reactions counted from the viewer's side, one row per message and emoji, with the position of the
 * emoji's first use: the one rule behind every reaction list (a page's `counts`, `view`'s sub-select).
 * `route`: the messages' route, named so the read finds its shard by the key (docs/sharding.md);
 * undefined for messages of many routes (search's hits: a fan-out on Citus).
 */
export const reactionCounts = (viewerId: string, route: Operand | undefined, which: RawBuilder<unknown>) => sql`
  select message_id, emoji, count(*)::int as count, bool_or(user_id = ${viewerId}) as reacted, min(seq) as first_seq
  from reactions where ${route === undefined ? sql`` : sql`route_id = ${route} and`} ${which} group by message_id, emoji`;

/** Rows of `reactionCounts` as the interface's array, in order of first use. */
export const reactionArray = sql`json_agg(json_build_object('emoji', emoji, 'count', count, 'reacted', reacted) order by first_seq)`;

/** The reactions of message `m` (see `reactionCounts`). */
export const reactionsOf = (viewerId: string) =>
  sql<ReactionSummary[]>`coalesce((select ${reactionArray} from (${reactionCounts(viewerId, sql`m.route_id`, sql`message_id = m.id`)}) r), '[]'::json)`;

export interface GateRow {
  live: boolean;
  found: boolean;
  member_id: string | null;
  member_username: string | null;
  /** The member's display name and avatar: read by a send, which writes its author (a page's gate leaves them out). */
  member_display_name?: string | null;
  member_avatar?: string | null;
  /** The member's permissions in the channel (0 for a non-member). */
  permissions: number;
  /** They hold what the statement needs there: its work was done only if this and the rest hold. */
  allowed: boolean;
  /** The channel is a direct conversation (`member_id`: the actor as one of its recipients). */
  conversation: boolean;
  /** A one-to-one where either recipient blocked the other. */
  blocked: boolean;
}

/** A value, or a column of an enclosing query (a batch's row). */
export type Operand = string | RawBuilder<unknown>;

const ADMINISTRATOR = sql.lit(bitOf('ADMINISTRATOR'));
const ALL = sql.lit(ALL_PERMISSIONS);

/**
 * The member `mb.user_id`'s permissions in channel `c`, as the domain's `channelPermissions` computes
 * them: the owner and ADMINISTRATOR hold all; anyone else `@everyone` and their roles, then the
 * channel's `@everyone` overwrite, their roles' overwrites together (deny, then allow), their own.
 * Every read is by primary key: the roles and overwrites of `@everyone` plus the member's roles
 * (`member_roles`' key starts with server and user), so 20 roles and 10 overwrites cost 30 probes.
 * `route`: the channel's server as a value the statement holds (a gated statement's `$route`, so
 * each read names the distribution key: docs/sharding.md), or by default `c.server_id` (the
 * statements that walk many channels: search, read-state counts).
 */
export const channelPermissionsOf = (route: Operand = sql`c.server_id`) => sql`
  select case when s.owner_id = mb.user_id or (b.base & ${ADMINISTRATOR}) <> 0 then ${ALL}
         else ((((((b.base & ~o.everyone_deny) | o.everyone_allow) & ~o.roles_deny) | o.roles_allow) & ~o.member_deny) | o.member_allow)
         end::int as bits
  from servers s,
  lateral (select array(select c.server_id union all select mr.role_id from member_roles mr where mr.server_id = ${route} and mr.user_id = mb.user_id)) held (ids),
  lateral (select coalesce(bit_or(r.permissions), 0) as base from roles r where r.server_id = ${route} and r.id = any(held.ids)) b,
  lateral (
    select coalesce(bit_or(w.allow) filter (where w.target_id = c.server_id), 0) as everyone_allow,
           coalesce(bit_or(w.deny) filter (where w.target_id = c.server_id), 0) as everyone_deny,
           coalesce(bit_or(w.allow) filter (where w.type = 'role' and w.target_id <> c.server_id), 0) as roles_allow,
           coalesce(bit_or(w.deny) filter (where w.type = 'role' and w.target_id <> c.server_id), 0) as roles_deny,
           coalesce(bit_or(w.allow) filter (where w.type = 'member'), 0) as member_allow,
           coalesce(bit_or(w.deny) filter (where w.type = 'member'), 0) as member_deny
    from channel_overwrites w
    where w.server_id = ${route} and w.channel_id = c.id and w.target_id = any(held.ids || mb.user_id)
  ) o
  where s.id = ${route} and s.id = c.server_id`;

/** What a recipient may do in a conversation; without SEND_MESSAGES in a one-to-one with a block between the two. */
const CONVERSATION = sql.lit(CONVERSATION_PERMISSIONS);
const SEND = sql.lit(bitOf('SEND_MESSAGES'));

/**
 * Always one row: is the session live, does the channel exist, who the actor is there as a member
 * (or, in a direct conversation, a recipient), their permissions there, and whether they hold
 * `needs` (the operation's, e.g. `READ_NEEDS`). A server channel's row skips the conversation's
 * joins (their conditions fail at once), and a conversation's skips the server's. `route`: the
 * channel's route (`ChannelRoutes`), named by every read of a distributed table (docs/sharding.md):
 * a channel found on another route is not found.
 */
export const gateQuery = (actor: { readonly userId: Operand; readonly sessionId: Operand }, channelId: Operand, route: Operand, needs: readonly Permission[]) => sql`
  select exists (select 1 from sessions s where s.id = ${actor.sessionId} and s.user_id = ${actor.userId}) as live,
         (c.id is not null or v.id is not null) as found, c.server_id,
         u.id as member_id, u.username as member_username, u.display_name as member_display_name, u.avatar as member_avatar,
         v.id is not null as conversation, coalesce(k.blocked, false) as blocked,
         coalesce(p.bits, q.bits, 0) as permissions,
         coalesce((coalesce(p.bits, q.bits) & ${sql.lit(bitsOf(needs))}) = ${sql.lit(bitsOf(needs))}, false) as allowed
  from (values (1)) as one (x)
  left join channels c on c.server_id = ${route} and c.id = ${channelId}
  left join conversations v on c.id is null and v.id = ${route} and v.id = ${channelId}
  left join members mb on mb.server_id = ${route} and mb.server_id = c.server_id and mb.user_id = ${actor.userId}
  left join conversation_recipients cr on cr.conversation_id = ${route} and cr.conversation_id = v.id and cr.user_id = ${actor.userId}
  left join users u on u.id = coalesce(mb.user_id, cr.user_id)
  left join lateral (${channelPermissionsOf(route)}) p on mb.user_id is not null
  left join lateral (${blockedBetween(actor.userId)}) k on v.type = 'dm' and cr.user_id is not null
  left join lateral (select (${CONVERSATION} & ~(case when coalesce(k.blocked, false) then ${SEND} else 0 end))::int as bits) q on cr.user_id is not null`;

/** In the one-to-one `v`, whether the actor or the other recipient blocked the other. */
const blockedBetween = (userId: Operand) => sql`
  select exists (
    select 1 from conversation_recipients o
    join blocks b on (b.user_id = o.user_id and b.blocked_id = ${userId}) or (b.user_id = ${userId} and b.blocked_id = o.user_id)
    where o.conversation_id = v.id and o.user_id <> ${userId}
  ) as blocked`;

/** The gate's condition in a statement over `gate`'s rows: the work is done only where it opens. */
export const gateOpens = sql`live and member_id is not null and allowed`;

/**
 * The gate's row as facts; the statement did its work only when all of them hold. `more`: what the
 * statement needed beyond the gate's own needs (a send's files: ATTACH_FILES) was held too.
 */
export function gateOf(row: GateRow | undefined, more = true): Gated<UserSummary> {
  const member = (row?.member_id ?? null) !== null && (row?.member_username ?? null) !== null;
  const facts = {
    sessionLive: row?.live === true,
    channelFound: row?.found === true,
    member,
    permissions: member ? (row?.permissions ?? 0) : 0,
    conversation: row?.conversation === true,
    blocked: row?.blocked === true,
  };
  if (facts.sessionLive && facts.channelFound && facts.member && row?.allowed === true && more) return { ok: true, value: { id: row.member_id!, username: row.member_username!, displayName: row.member_display_name ?? null, avatar: row.member_avatar ?? null } };
  return { ok: false, facts };
}

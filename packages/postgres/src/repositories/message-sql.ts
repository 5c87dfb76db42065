import type { Gated, MessageView, ReactionSummary, UserSummary } from '@chat/domain';
import { sql, type RawBuilder } from 'kysely';
import { fromRow, type MessageRow } from './message-fields';

/* SQL shared by the message store's statements: the view of a message, its reactions, and the gate. */

/** A message's row with its author's name and its reactions (`view`). */
export type ViewRow = MessageRow & { username: string; reactions: ReactionSummary[] };

/** The row as the entity, then as a reader sees it: the author's id and name together, the reactions. */
export const toView = (row: ViewRow): MessageView => {
  const { authorId, ...fields } = fromRow(row);
  return { ...fields, author: { id: authorId, username: row.username }, reactions: row.reactions };
};

/**
 * Reactions counted from the viewer's side, one row per message and emoji, with the position of the
 * emoji's first use: the one rule behind every reaction list (a page's `counts`, `view`'s sub-select).
 */
export const reactionCounts = (viewerId: string, which: RawBuilder<unknown>) => sql`
  select message_id, emoji, count(*)::int as count, bool_or(user_id = ${viewerId}) as reacted, min(seq) as first_seq
  from reactions where ${which} group by message_id, emoji`;

/** Rows of `reactionCounts` as the interface's array, in order of first use. */
export const reactionArray = sql`json_agg(json_build_object('emoji', emoji, 'count', count, 'reacted', reacted) order by first_seq)`;

/** The reactions of message `m` (see `reactionCounts`). */
export const reactionsOf = (viewerId: string) =>
  sql<ReactionSummary[]>`coalesce((select ${reactionArray} from (${reactionCounts(viewerId, sql`message_id = m.id`)}) r), '[]'::json)`;

export interface GateRow {
  live: boolean;
  found: boolean;
  member_id: string | null;
  member_username: string | null;
}

/** A value, or a column of an enclosing query (a batch's row). */
export type Operand = string | RawBuilder<unknown>;

/** Always one row: is the session live, does the channel exist, and who the actor is there as a member. */
export const gateQuery = (actor: { readonly userId: Operand; readonly sessionId: Operand }, channelId: Operand) => sql`
  select exists (select 1 from sessions s where s.id = ${actor.sessionId} and s.user_id = ${actor.userId}) as live,
         c.id is not null as found, c.server_id, u.id as member_id, u.username as member_username
  from (values (1)) as one (x)
  left join channels c on c.id = ${channelId}
  left join members mb on mb.server_id = c.server_id and mb.user_id = ${actor.userId}
  left join users u on u.id = mb.user_id`;

/** The gate's row as facts; the statement did its work only when all of them hold. */
export function gateOf(row: GateRow | undefined): Gated<UserSummary> {
  const facts = { sessionLive: row?.live === true, channelFound: row?.found === true, member: (row?.member_id ?? null) !== null && (row?.member_username ?? null) !== null };
  if (facts.sessionLive && facts.channelFound && facts.member) return { ok: true, value: { id: row!.member_id!, username: row!.member_username! } };
  return { ok: false, facts };
}

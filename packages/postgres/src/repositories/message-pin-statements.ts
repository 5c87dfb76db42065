import { MAX_PINS, READ_NEEDS, type Actor } from '@chat/domain';
import { sql } from 'kysely';
import { PrecompiledStatement } from '../prepared-statements';
import { MESSAGE_COLUMNS } from './message-fields';
import { pageBody, pageReactions, REACTION_LISTS } from './message-page-statements';
import { gateOpens, gateQuery, type GateRow } from './message-sql';

/* The pins' statements: the gated list, rendered as a page is, and the count the cap is held to. */

export interface PinsValues extends Record<string, unknown> {
  sessionId: string;
  userId: string;
  channelId: string;
  /** The channel's route (`ChannelRoutes`). */
  route: string;
}

export const pinsValues = (actor: Actor, channelId: string, route: string): PinsValues => ({ sessionId: actor.sessionId, userId: actor.userId, channelId, route });

/**
 * The gate (`READ_NEEDS`, as a page's), then, only if it opens, the channel's pinned messages in the
 * partial index `messages_pinned_idx`'s order (most recently pinned first), as a page's JSON.
 */
export const PINS_JSON = new PrecompiledStatement<PinsValues, GateRow & { body: string }>(
  ({ sessionId, userId, channelId, route }) => sql`
    with gate as (${gateQuery({ sessionId, userId }, channelId, route, READ_NEEDS)}),
    page as (
      select ${sql.raw(MESSAGE_COLUMNS.map((column) => `m.${column}`).join(', '))}
      from messages m
      where (select ${gateOpens} from gate) and m.route_id = ${route}::bigint and m.channel_id = ${channelId}::bigint and m.pinned_at is not null
      order by m.pinned_at desc, m.id desc
      limit ${sql.lit(MAX_PINS)}
    ),
    ${pageReactions(userId, route)},
    ${REACTION_LISTS}
    select g.live, g.found, g.member_id, g.member_username, g.permissions, g.allowed, g.conversation, g.blocked, ${pageBody('pinned', route)} as body
    from gate g`,
);

/**
 * Pins of one channel wait for each other (a transaction-scoped advisory lock on the channel, in a
 * key space of their own: the two-key form), so two pins racing for the last place under the cap
 * cannot both count the same 49.
 */
export const holdPinsOf = (channelId: string) => sql`select pg_advisory_xact_lock(${sql.lit(PINS_LOCK)}, hashtext(${channelId}))`;
/** 'pins' in ASCII: the first key of the pins' advisory locks. */
const PINS_LOCK = 0x70696e73;

/** Whether the channel holds the message (null: it does not) and is pinned, and how many of the channel's messages are. */
export const pinState = (channelId: string, messageId: string) => sql<{ pinned: boolean | null; count: number }>`
  select (select m.pinned_at is not null from messages m where m.id = ${messageId} and m.channel_id = ${channelId}) as pinned,
         (select count(*) from messages m where m.channel_id = ${channelId} and m.pinned_at is not null)::int as count`;

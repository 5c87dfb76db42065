import { bitOf, ID_EPOCH_MS, ID_TIME_SHIFT, UNREAD_COUNT_CAP } from '@chat/domain';
import { sql, type RawBuilder } from 'kysely';
import { channelPermissionsOf } from './message-sql';

/* The read-state counts, as one statement: see `ReadStateRepository` for what counts. */

export interface ReadStateRow {
  channel_id: string;
  server_id: string | null;
  marker: string | null;
  unread_count: number;
  mention_count: number;
}

/** The first id of the millisecond `time` (the domain's `firstIdAt`), less one: ids after it were made then or later. */
const beforeIdsAt = (time: RawBuilder<unknown>) =>
  sql`(greatest(floor(extract(epoch from ${time}) * 1000)::bigint - ${sql.lit(ID_EPOCH_MS)}, 0) << ${sql.lit(ID_TIME_SHIFT)}) - 1`;

const VIEW = sql.lit(bitOf('VIEW_CHANNEL'));
const CAP = sql.lit(UNREAD_COUNT_CAP);

/**
 * Whether message `m` counts among the mentions of `userId`, who holds `roleIds` in its server (the
 * domain's `mentionsReader`). The partial index's own condition comes first, so a count reads only
 * the mentioning messages (`messages_mentioning_idx`).
 */
const mentions = (userId: string | RawBuilder<unknown>, roleIds: RawBuilder<unknown>) => sql<boolean>`(m.mention_everyone or m.mentions <> '{}' or m.mention_roles <> '{}')
      and (m.mention_everyone or ${userId}::bigint = any(m.mentions) or m.mention_roles && ${roleIds})`;

/**
 * The user's channels and conversations (`only`: one of them) with something unread, by channel id.
 * Each place costs one probe of `(channel_id, id)`, its newest message against its marker, to find
 * that anything is new; the sight of a server channel (its permissions, as the gate computes them)
 * is worked out only for those, and the counts read at most `UNREAD_COUNT_CAP` rows each, however
 * far behind the user is (`read-state-plan.test.ts`).
 * `after`: the later of the marker and the last id before the user came in.
 */
export const readStatesOf = (userId: string | RawBuilder<unknown>, only?: string) => {
  const one = (column: string) => (only === undefined ? sql`` : sql`and ${sql.ref(column)} = ${only}`);
  // The channel as a range of one value and the order naming it: only the `(channel_id, id)` indexes
  // give that order, so the count walks the channel's own rows from the marker on, whatever the
  // planner guesses of the channel's size (with `channel_id = x` it may walk the primary key).
  const unread = (extra: RawBuilder<boolean>) => sql`(select count(*)::int from (
      select 1 from messages m
      where m.channel_id >= v.channel_id and m.channel_id <= v.channel_id and m.id > v.after and m.author_id <> ${userId} and ${extra}
      order by m.channel_id, m.id limit ${CAP}
    ) rows)`;
  return sql<ReadStateRow>`
    with places as (
      select c.id as channel_id, c.server_id, mb.joined_at
      from members mb join channels c on c.server_id = mb.server_id
      where mb.user_id = ${userId} ${one('c.id')}
      union all
      select cr.conversation_id, null::bigint, cr.joined_at
      from conversation_recipients cr
      where cr.user_id = ${userId} ${one('cr.conversation_id')}
    ),
    marked as (
      select p.channel_id, p.server_id, r.last_read_message_id as marker,
             greatest(coalesce(r.last_read_message_id, -1), ${beforeIdsAt(sql`p.joined_at`)}) as after
      from places p
      left join read_states r on r.user_id = ${userId} and r.channel_id = p.channel_id
    ),
    newer as (
      select k.* from marked k
      where (select m.id from messages m where m.channel_id >= k.channel_id and m.channel_id <= k.channel_id order by m.channel_id desc, m.id desc limit 1) > k.after
    ),
    seen as (
      select n.* from newer n where n.server_id is null
      union all
      select n.* from newer n
      join channels c on c.id = n.channel_id
      join members mb on mb.server_id = c.server_id and mb.user_id = ${userId}
      cross join lateral (${channelPermissionsOf()}) p
      where (p.bits & ${VIEW}) <> 0
    ),
    -- Materialized: else the filter below would run the count again.
    counted as materialized (
      select v.channel_id, v.server_id, v.marker,
             ${unread(sql<boolean>`true`)} as unread_count,
             ${unread(mentions(userId, sql`r.role_ids`))} as mention_count
      from seen v
      -- Their roles in the place's server, read once for it (none in a conversation).
      cross join lateral (select array(select mr.role_id from member_roles mr where mr.server_id = v.server_id and mr.user_id = ${userId}) as role_ids) r
    )
    -- Newer messages that are all their own are nothing unread.
    select * from counted where unread_count > 0 order by channel_id`;
};

/**
 * `readStatesOf` each of `userIds` (whole, no `only`), in one statement: the same query for each,
 * its user an outer column; by user, then channel id.
 */
export const readStatesOfUsers = (userIds: readonly string[]) =>
  sql<ReadStateRow & { for_user: string }>`
    select a.uid::text as for_user, l.* from unnest(${[...userIds]}::bigint[]) a(uid)
    cross join lateral (${readStatesOf(sql`a.uid`)}) l
    order by a.uid, l.channel_id`;

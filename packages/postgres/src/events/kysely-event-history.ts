import { lazilyDecoded } from '@chat/contract';
import { hiddenChannels, READY_PRIVATE_CHANNELS, WHOLE_LIST, type Actor, type EncodedEvent, type EventHistory, type GatewaySnapshot, type LoggedEvent, type ServerWithChannels } from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import { PrecompiledStatement, preparedMark } from '../prepared-statements';
import { KyselyConversationRepository } from '../repositories/kysely-conversation-repository';
import { KyselyReadStateRepository } from '../repositories/kysely-read-state-repository';
import { KyselyServerRepository } from '../repositories/kysely-server-repository';
import { overwritesOf, toChannel } from '../repositories/channel-sql';
import { toRole } from '../repositories/kysely-role-repository';
import { summaryOf } from '../repositories/rows';
import type { Database } from '../schema';

export interface StoredEventRow {
  id: string;
  /** Null only in a relay pass's row that carries no event. */
  pos: string | null;
  type: string;
  /** The event's route, written beside it (`routeOf`): a gateway routes by it without decoding. */
  server_id: string | null;
  user_id: string | null;
  channel_id: string | null;
  payload: string;
}

export const toEncodedEvent = (row: StoredEventRow): EncodedEvent => ({
  position: Number(row.pos),
  id: row.id,
  type: row.type,
  serverId: row.server_id,
  subjectId: row.user_id,
  channelId: row.channel_id,
  data: row.payload,
});

const toLoggedEvent = (row: StoredEventRow): LoggedEvent =>
  lazilyDecoded(Number(row.pos), row.id, row.type, row.payload, { serverId: row.server_id, subjectId: row.user_id, channelId: row.channel_id });

/** The placed part of the log, readable by every replica; see `KyselyEventRelay` for placing. */
export class KyselyEventHistory implements EventHistory {
  constructor(private readonly db: Kysely<Database>) {}

  async after(position: number, limit: number): Promise<LoggedEvent[]> {
    const { rows } = await AFTER.execute(this.db, { position, limit });
    return rows.map(toLoggedEvent);
  }

  /** One repeatable-read transaction: memberships and the log's head as of the same moment. */
  async snapshot({ userId, sessionId }: Actor, from: number | null): Promise<GatewaySnapshot | null> {
    return this.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .innerJoin('sessions', 'sessions.user_id', 'users.id')
          .select(['users.id', 'users.username', 'users.display_name', 'users.avatar'])
          .where('users.id', '=', userId)
          .where('sessions.id', '=', sessionId)
          .executeTakeFirst();
        if (!user) return null;
        const log = await trx
          .selectFrom('event_log')
          .select(['log_id', 'head', 'head_tx', 'head_id', sql<string>`(select min(pos) from event_anchors)`.as('oldest')])
          .where('id', '=', 1)
          .executeTakeFirstOrThrow();
        const { servers, hidden } = await serversInSight(trx, userId);
        const conversations = new KyselyConversationRepository(trx);
        const [privateChannels, conversationIds] = await Promise.all([conversations.listForUser(userId, { limit: READY_PRIVATE_CHANNELS }), conversations.idsForUser(userId)]);
        // Joined, or come into sight, after the event at `from` (all of them from an empty log), or not yet placed.
        const placedTo = { tx: log.head_tx, id: log.head_id };
        const since = await sinceCursor(trx, userId, from === null ? placedTo : await eventAt(trx, from));
        // Committed (so visible here) but not yet placed: they will come after `head`.
        const unplaced = await trx
          .selectFrom('events')
          .select('id')
          .where(sql<boolean>`(tx, id) > (${placedTo.tx}::xid8, ${placedTo.id}::bigint)`)
          .where((eb) =>
            eb.or([
              eb('user_id', '=', userId),
              eb('server_id', 'in', eb.selectFrom('members').select('server_id').where('user_id', '=', userId)),
              // A conversation's events carry its id where a server's would.
              eb('server_id', 'in', eb.selectFrom('conversation_recipients').select('conversation_id').where('user_id', '=', userId)),
            ]),
          )
          .execute();
        const head = Number(log.head);
        const readStates = await new KyselyReadStateRepository(trx).list(userId);
        return {
          logId: log.log_id,
          head,
          oldest: Number(log.oldest),
          user: summaryOf(user, user.id),
          servers,
          privateChannels,
          conversationIds: new Set(conversationIds),
          joinedAfter: since.joined,
          hidden,
          shownAfter: new Map([...since.shown].filter(([channelId]) => !hidden.has(channelId))),
          unplaced: new Set(unplaced.map((row) => row.id)),
          readStates,
        };
      });
  }
}

/** The user's servers with the channels they see, and those they do not (channel id → server id). */
async function serversInSight(trx: Kysely<Database>, userId: string): Promise<{ servers: ServerWithChannels[]; hidden: Map<string, string> }> {
  const servers = await new KyselyServerRepository(trx).listForUser(userId, WHOLE_LIST);
  if (servers.length === 0) return { servers: [], hidden: new Map() };
  const serverIds = servers.map((s) => s.id);
  const [channels, roles, held] = await Promise.all([
    trx
      .selectFrom('channels as c')
      .selectAll('c')
      .select(overwritesOf('c.id', 'c.server_id').as('overwrites'))
      .where('c.server_id', 'in', serverIds)
      .orderBy('c.position')
      .orderBy('c.id')
      .execute(),
    trx.selectFrom('roles').selectAll().where('server_id', 'in', serverIds).execute(),
    trx.selectFrom('member_roles').select(['server_id', 'role_id']).where('user_id', '=', userId).execute(),
  ]);
  const hidden = new Map<string, string>();
  const inSight = servers.map((server) => {
    const own = channels.filter((c) => c.server_id === server.id).map(toChannel);
    const holdings = new Map([[userId, held.filter((row) => row.server_id === server.id).map((row) => row.role_id)]]);
    const out = hiddenChannels(server, roles.filter((row) => row.server_id === server.id).map(toRole), holdings, own).get(userId);
    for (const channelId of out ?? []) hidden.set(channelId, server.id);
    return { server, channels: out?.size ? own.filter((c) => !out.has(c.id)) : own };
  });
  return { servers: inSight, hidden };
}

/**
 * The user's servers joined after `after` and conversations they came into after it (both by the
 * id their events carry), and channels come into their sight after it (channel id → server id).
 */
async function sinceCursor(trx: Kysely<Database>, userId: string, after: { tx: string; id: string }) {
  const { rows } = await sql<{ type: string; server_id: string | null; channel_id: string | null }>`
    select distinct type, server_id, channel_id from events
    where type in ('member.joined', 'channel.shown', 'conversation.opened') and user_id = ${userId} and (tx, id) > (${after.tx}::xid8, ${after.id}::bigint)`.execute(trx);
  const joined = new Set<string>();
  const shown = new Map<string, string>();
  for (const row of rows) {
    if (row.server_id === null) continue;
    if (row.type === 'member.joined' || row.type === 'conversation.opened') joined.add(row.server_id);
    else if (row.channel_id !== null) shown.set(row.channel_id, row.server_id);
  }
  return { joined, shown };
}

/**
 * The log's order is (tx, id), and a position counts from the nearest anchor at or before it (see
 * the event-anchors migration); a position before the oldest anchor (pruned) reads from it on.
 */
const AFTER = new PrecompiledStatement<{ position: number; limit: number }, StoredEventRow>(
  ({ position, limit }) => sql`${sql.raw(preparedMark('event_after'))}
      with anchor as (
        select pos, tx, id from event_anchors
        where pos <= greatest(${position}::bigint, (select min(pos) from event_anchors))
        order by pos desc limit 1
      ),
      log as (select head_tx, head_id from event_log where id = 1),
      page as (
        select e.id, e.tx, e.type, e.server_id, e.user_id, e.channel_id, e.payload
        from events e
        where (e.tx, e.id) > ((select tx from anchor), (select id from anchor))
          and (e.tx, e.id) <= ((select head_tx from log), (select head_id from log))
        order by e.tx, e.id
        offset greatest(${position}::bigint - (select pos from anchor), 0)
        limit ${limit}
      )
      select p.id, p.type, p.server_id, p.user_id, p.channel_id, p.payload,
        greatest(${position}::bigint, (select pos from anchor)) + row_number() over (order by p.tx, p.id) as pos
      from page p
      order by p.tx, p.id`,
);

/**
 * The (tx, id) of the event at `position`, counted from the nearest anchor at or before it; before
 * every event when there is none (position 0 of a log never pruned).
 */
async function eventAt(db: Kysely<Database>, position: number): Promise<{ tx: string; id: string }> {
  const { rows } = await sql<{ tx: string; id: string }>`
    with a as (select pos, tx, id from event_anchors where pos <= ${position} order by pos desc limit 1)
    select tx, id from a where pos = ${position}
    union all (
      select e.tx, e.id from events e
      where (select pos from a) < ${position} and (e.tx, e.id) > ((select tx from a), (select id from a))
      order by e.tx, e.id
      offset greatest(${position} - (select pos from a) - 1, 0) limit 1
    )`.execute(db);
  return rows[0] ?? { tx: '0', id: '0' };
}

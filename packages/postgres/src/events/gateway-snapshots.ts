import { hiddenChannels, READY_PRIVATE_CHANNELS, type Actor, type Channel, type GatewaySnapshot, type Role, type Server, type ServerWithChannels } from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import { KyselyConversationRepository } from '../repositories/kysely-conversation-repository';
import { KyselyReadStateRepository } from '../repositories/kysely-read-state-repository';
import { KyselyServerRepository } from '../repositories/kysely-server-repository';
import { overwritesOf, toChannel } from '../repositories/channel-sql';
import { toRole } from '../repositories/kysely-role-repository';
import { summaryOf } from '../repositories/rows';
import type { Database } from '../schema';

/** One gateway connection's ask: its actor, and the position a resume starts after (null: identify). */
export interface SnapshotAsk {
  readonly actor: Actor;
  readonly from: number | null;
}

/** Each ask's own answer: its snapshot (null: the session is not live), or what failed in making it alone. */
export type SnapshotOutcome = { readonly ok: true; readonly snapshot: GatewaySnapshot | null } | { readonly ok: false; readonly error: unknown };

interface Cursor {
  readonly tx: string;
  readonly id: string;
}

/**
 * The snapshots of several gateway connections at one moment, in one repeatable-read transaction
 * whose statements each read every ask's rows at once (`= any(...)`, or a lateral join per user):
 * a dozen round trips for the batch, not a dozen for each. Each ask gets exactly what
 * `EventHistory.snapshot` of it alone would have read at that moment; a failure in putting one
 * together fails that one only.
 */
export async function readSnapshots(db: Kysely<Database>, asks: readonly SnapshotAsk[]): Promise<SnapshotOutcome[]> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows: users } = await sql<{ i: number; id: string; username: string; display_name: string | null; avatar: string | null }>`
        select a.i::int as i, u.id, u.username, u.display_name, u.avatar
        from unnest(${asks.map((ask) => ask.actor.userId)}::bigint[], ${asks.map((ask) => ask.actor.sessionId)}::bigint[]) with ordinality a(user_id, session_id, i)
        join sessions s on s.id = a.session_id and s.user_id = a.user_id
        join users u on u.id = a.user_id`.execute(trx);
      // Ordinality counts from 1.
      const userOf = new Map(users.map((row) => [row.i - 1, row]));
      if (userOf.size === 0) return asks.map(() => ({ ok: true, snapshot: null }) as const);
      const log = await trx
        .selectFrom('event_log')
        .select(['log_id', 'head', 'head_tx', 'head_id', sql<string>`(select min(pos) from event_anchors)`.as('oldest')])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      const userIds = [...new Set(users.map((row) => String(row.id)))];
      const { servers, channels, roles, held } = await serversOf(trx, userIds);
      const conversations = new KyselyConversationRepository(trx);
      const privateChannels = await conversations.firstPagesForUsers(userIds, READY_PRIVATE_CHANNELS);
      const conversationIds = await conversations.idsForUsers(userIds);
      // Joined, or come into sight, after the event at `from` (all of them from an empty log), or not yet placed.
      const placedTo: Cursor = { tx: log.head_tx, id: log.head_id };
      const afters = new Map<number, Cursor>();
      for (const i of userOf.keys()) {
        const from = asks[i]?.from ?? null;
        afters.set(i, from === null ? placedTo : await eventAt(trx, from));
      }
      const since = await sinceCursors(trx, userOf, afters);
      // Committed (so visible here) but not yet placed: they will come after `head`.
      const unplaced = await unplacedOf(trx, userIds, placedTo);
      const readStates = await new KyselyReadStateRepository(trx).listForUsers(userIds);
      const batch: BatchReads = { logId: log.log_id, head: Number(log.head), oldest: Number(log.oldest), servers, channels, roles, held, privateChannels, conversationIds, unplaced, readStates };
      return asks.map((_ask, i): SnapshotOutcome => {
        const user = userOf.get(i);
        if (!user) return { ok: true, snapshot: null };
        try {
          return { ok: true, snapshot: snapshotOf(user, since.get(i), batch) };
        } catch (error) {
          return { ok: false, error };
        }
      });
    });
}

/** What one batch read for all its users, from which each user's snapshot is put together (`snapshotOf`). */
interface BatchReads {
  readonly logId: string;
  readonly head: number;
  readonly oldest: number;
  readonly servers: ReadonlyMap<string, Server[]>;
  readonly channels: ReadonlyMap<string, Channel[]>;
  readonly roles: ReadonlyMap<string, Role[]>;
  readonly held: ReadonlyMap<string, ReadonlyMap<string, string[]>>;
  readonly privateChannels: ReadonlyMap<string, GatewaySnapshot['privateChannels']>;
  readonly conversationIds: ReadonlyMap<string, string[]>;
  readonly unplaced: readonly { readonly id: string; readonly user_id: string | null; readonly server_id: string | null }[];
  readonly readStates: ReadonlyMap<string, GatewaySnapshot['readStates']>;
}

/** One user's snapshot out of the batch's reads; `cursor`: what came after their resume point. */
function snapshotOf(
  user: { readonly id: string; readonly username: string; readonly display_name: string | null; readonly avatar: string | null },
  cursor: { joined: Set<string>; shown: Map<string, string> } = { joined: new Set(), shown: new Map() },
  batch: BatchReads,
): GatewaySnapshot {
  const userId = String(user.id);
  const { servers: inSight, hidden } = sightOf(userId, batch.servers.get(userId) ?? [], batch.channels, batch.roles, batch.held);
  const mine = new Set(batch.conversationIds.get(userId) ?? []);
  const serverIds = new Set(inSight.map(({ server }) => server.id));
  return {
    logId: batch.logId,
    head: batch.head,
    oldest: batch.oldest,
    user: summaryOf(user, userId),
    servers: inSight,
    privateChannels: batch.privateChannels.get(userId) ?? [],
    conversationIds: mine,
    joinedAfter: cursor.joined,
    hidden,
    shownAfter: new Map([...cursor.shown].filter(([channelId]) => !hidden.has(channelId))),
    unplaced: new Set(
      batch.unplaced
        .filter((row) => row.user_id === userId || (row.server_id !== null && (serverIds.has(row.server_id) || mine.has(row.server_id))))
        .map((row) => row.id),
    ),
    readStates: batch.readStates.get(userId) ?? [],
  };
}

/** The users' servers (user id → servers), and those servers' channels, roles and the users' roles in them. */
async function serversOf(trx: Kysely<Database>, userIds: readonly string[]) {
  const servers = await new KyselyServerRepository(trx).listForUsers(userIds);
  const serverIds = [...new Set([...servers.values()].flat().map((server) => server.id))];
  const channels = new Map<string, Channel[]>();
  const roles = new Map<string, Role[]>();
  /** user id → server id → role ids held */
  const held = new Map<string, Map<string, string[]>>();
  if (serverIds.length === 0) return { servers, channels, roles, held };
  const channelRows = await trx
    .selectFrom('channels as c')
    .selectAll('c')
    .select(overwritesOf('c.id', 'c.server_id').as('overwrites'))
    .where(sql<boolean>`c.server_id = any(${serverIds}::bigint[])`)
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();
  for (const row of channelRows) push(channels, row.server_id, toChannel(row));
  const roleRows = await trx.selectFrom('roles').selectAll().where(sql<boolean>`server_id = any(${serverIds}::bigint[])`).execute();
  for (const row of roleRows) push(roles, row.server_id, toRole(row));
  const heldRows = await trx
    .selectFrom('member_roles')
    .select(['user_id', 'server_id', 'role_id'])
    .where(sql<boolean>`user_id = any(${[...userIds]}::bigint[])`)
    .execute();
  for (const row of heldRows) {
    let byServer = held.get(String(row.user_id));
    if (!byServer) held.set(String(row.user_id), (byServer = new Map()));
    push(byServer, row.server_id, row.role_id);
  }
  return { servers, channels, roles, held };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The user's servers with the channels they see, and those they do not (channel id → server id). */
function sightOf(
  userId: string,
  servers: readonly Server[],
  channels: ReadonlyMap<string, Channel[]>,
  roles: ReadonlyMap<string, Role[]>,
  held: ReadonlyMap<string, ReadonlyMap<string, string[]>>,
): { servers: ServerWithChannels[]; hidden: Map<string, string> } {
  const hidden = new Map<string, string>();
  const inSight = servers.map((server) => {
    const own = channels.get(server.id) ?? [];
    const holdings = new Map([[userId, held.get(userId)?.get(server.id) ?? []]]);
    const out = hiddenChannels(server, roles.get(server.id) ?? [], holdings, own).get(userId);
    for (const channelId of out ?? []) hidden.set(channelId, server.id);
    return { server, channels: out?.size ? own.filter((c) => !out.has(c.id)) : own };
  });
  return { servers: inSight, hidden };
}

/**
 * For each ask (by index), the user's servers joined after its cursor and conversations they came
 * into after it (both by the id their events carry), and channels come into their sight after it
 * (channel id → server id).
 */
async function sinceCursors(trx: Kysely<Database>, userOf: ReadonlyMap<number, { readonly id: string }>, afters: ReadonlyMap<number, Cursor>) {
  const asked = [...userOf.keys()];
  const { rows } = await sql<{ i: number; type: string; server_id: string | null; channel_id: string | null }>`
    select distinct a.i::int as i, e.type, e.server_id, e.channel_id
    from unnest(${asked}::int[], ${asked.map((i) => String(userOf.get(i)?.id))}::bigint[], ${asked.map((i) => afters.get(i)?.tx)}::xid8[], ${asked.map((i) => afters.get(i)?.id)}::bigint[]) a(i, user_id, tx, id)
    join events e on e.user_id = a.user_id and (e.tx, e.id) > (a.tx, a.id)
    where e.type in ('member.joined', 'channel.shown', 'conversation.opened')`.execute(trx);
  const since = new Map<number, { joined: Set<string>; shown: Map<string, string> }>();
  for (const i of asked) since.set(i, { joined: new Set(), shown: new Map() });
  for (const row of rows) {
    const one = since.get(row.i);
    if (!one || row.server_id === null) continue;
    if (row.type === 'member.joined' || row.type === 'conversation.opened') one.joined.add(row.server_id);
    else if (row.channel_id !== null) one.shown.set(row.channel_id, row.server_id);
  }
  return since;
}

/** Events committed after `placedTo` (not yet placed) about any of the users, or of their servers or conversations. */
async function unplacedOf(trx: Kysely<Database>, userIds: readonly string[], placedTo: Cursor) {
  const users = sql`${[...userIds]}::bigint[]`;
  const { rows } = await sql<{ id: string; user_id: string | null; server_id: string | null }>`
    select e.id, e.user_id::text as user_id, e.server_id::text as server_id from events e
    where (e.tx, e.id) > (${placedTo.tx}::xid8, ${placedTo.id}::bigint)
      and (e.user_id = any(${users})
        or e.server_id in (select server_id from members where user_id = any(${users}))
        -- A conversation's events carry its id where a server's would.
        or e.server_id in (select conversation_id from conversation_recipients where user_id = any(${users})))`.execute(trx);
  return rows;
}

/**
 * The (tx, id) of the event at `position`, counted from the nearest anchor at or before it; before
 * every event when there is none (position 0 of a log never pruned).
 */
async function eventAt(db: Kysely<Database>, position: number): Promise<Cursor> {
  const { rows } = await sql<Cursor>`
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

import { lazilyDecoded, type Actor, type EncodedEvent, type EventHistory, type GatewaySnapshot, type LoggedEvent } from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import { KyselyServerRepository } from '../repositories/kysely-server-repository';
import { toChannel } from '../repositories/rows';
import type { Database } from '../schema';

export interface StoredEventRow {
  id: string;
  pos: string | null;
  type: string;
  payload: string;
}

export const toEncodedEvent = (row: StoredEventRow): EncodedEvent => ({ position: Number(row.pos), id: row.id, type: row.type, data: row.payload });

const toLoggedEvent = (row: StoredEventRow): LoggedEvent => lazilyDecoded(Number(row.pos), row.id, row.type, row.payload);

/** The placed part of the log, readable by every replica; see `KyselyEventRelay` for placing. */
export class KyselyEventHistory implements EventHistory {
  constructor(private readonly db: Kysely<Database>) {}

  async after(position: number, limit: number): Promise<LoggedEvent[]> {
    const rows = await this.db
      .selectFrom('events')
      .select(['id', 'pos', 'type', 'payload'])
      .where('pos', '>', String(position))
      .orderBy('pos')
      .limit(limit)
      .execute();
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
          .select(['users.id', 'users.username'])
          .where('users.id', '=', userId)
          .where('sessions.id', '=', sessionId)
          .executeTakeFirst();
        if (!user) return null;
        const log = await trx
          .selectFrom('event_log')
          .select(['log_id', 'head', sql<string | null>`(select min(pos) - 1 from events)`.as('oldest')])
          .where('id', '=', 1)
          .executeTakeFirstOrThrow();
        const servers = await new KyselyServerRepository(trx).listForUser(userId);
        const channels = servers.length
          ? await trx.selectFrom('channels').selectAll().where('server_id', 'in', servers.map((s) => s.id)).orderBy('id').execute()
          : [];
        const joins = await trx
          .selectFrom('events')
          .select('server_id')
          .distinct()
          .where('type', '=', 'member.joined')
          .where('user_id', '=', userId)
          .where((eb) => (from === null ? eb('pos', 'is', null) : eb.or([eb('pos', 'is', null), eb('pos', '>', String(from))])))
          .execute();
        // Committed (so visible here) but not yet placed: they will come after `head`.
        const unplaced = await trx
          .selectFrom('events')
          .select('id')
          .where('pos', 'is', null)
          .where((eb) => eb.or([eb('user_id', '=', userId), eb('server_id', 'in', eb.selectFrom('members').select('server_id').where('user_id', '=', userId))]))
          .execute();
        const head = Number(log.head);
        return {
          logId: log.log_id,
          head,
          oldest: log.oldest === null ? head : Number(log.oldest),
          user: { id: user.id, username: user.username },
          servers: servers.map((server) => ({ server, channels: channels.filter((c) => c.server_id === server.id).map(toChannel) })),
          joinedAfter: new Set(joins.flatMap((row) => (row.server_id === null ? [] : [row.server_id]))),
          unplaced: new Set(unplaced.map((row) => row.id)),
        };
      });
  }
}

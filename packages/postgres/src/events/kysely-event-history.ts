import { lazilyDecoded } from '@chat/contract';
import type { Actor, EncodedEvent, EventHistory, GatewaySnapshot, LoggedEvent } from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import { isDatabaseUnavailable } from '../driver-errors';
import { PrecompiledStatement, preparedMark } from '../prepared-statements';
import { SameTurnBatcher } from '../same-turn-batcher';
import type { Database } from '../schema';
import { readSnapshots, type SnapshotAsk, type SnapshotOutcome } from './gateway-snapshots';

/** The most snapshots read together, and the most such reads at once (each holds a connection). */
export const SNAPSHOT_BATCH = 100;
export const SNAPSHOT_RUNS = 2;

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
  /** A batch that fails for a reason of its own asks (a malformed id) is tried again one ask at a time. */
  private readonly snapshots: SameTurnBatcher<SnapshotAsk, SnapshotOutcome>;

  constructor(private readonly db: Kysely<Database>) {
    this.snapshots = new SameTurnBatcher((asks) => readSnapshots(this.db, asks), {
      max: SNAPSHOT_BATCH,
      maxInFlight: SNAPSHOT_RUNS,
      retryAlone: (error) => !isDatabaseUnavailable(error),
    });
  }

  async after(position: number, limit: number): Promise<LoggedEvent[]> {
    const { rows } = await AFTER.execute(this.db, { position, limit });
    return rows.map(toLoggedEvent);
  }

  /**
   * One repeatable-read transaction: memberships and the log's head as of the same moment. The
   * snapshots asked in one turn (an identify storm's) share it and its statements (`readSnapshots`);
   * while `SNAPSHOT_RUNS` such reads are under way, new asks wait for one to end and go together.
   */
  async snapshot(actor: Actor, from: number | null): Promise<GatewaySnapshot | null> {
    const outcome = await this.snapshots.submit({ actor, from });
    if (!outcome.ok) throw outcome.error;
    return outcome.snapshot;
  }
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


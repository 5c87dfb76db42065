import type { EncodedEvent } from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import { PrecompiledStatement } from '../prepared-statements';
import type { Database } from '../schema';
import { toEncodedEvent, type StoredEventRow } from './kysely-event-history';

export interface Placement {
  /** Whether this replica held the relay for the pass (false: another one did; try again soon). */
  readonly held: boolean;
  /** The events this pass placed, in order, as stored. */
  readonly placed: readonly EncodedEvent[];
  /** The log's newest position after the pass. */
  readonly head: number;
  /** Unplaced events remain: a batch was full, or a transaction that wrote one is still open. */
  readonly pending: boolean;
}

const BATCH = 1000;
const PRUNE_BATCH = 10_000;

/**
 * Gives committed events their positions, one relay at a time across replicas (the `event_log` row,
 * locked with SKIP LOCKED, so a busy relay is skipped, never waited for). A pass whose snapshot is
 * older than the lock it got (another relay committed in between: the locked row is newer than the
 * one the snapshot sees) would see that relay's events as unplaced and place them again: it holds
 * nothing and tries again. With nothing to place it locks nothing (a row lock costs a transaction id). 
 *
 * An event is placed only below the oldest transaction of this database still in progress (its
 * `pg_snapshot_xip` entries matched with `pg_stat_activity`; the cluster-wide `pg_snapshot_xmin`
 * would let a transaction in another database hold every event back). Ordered by (transaction, id),
 * nothing can later commit in front of what was placed, so positions are dense and final, and a
 * transaction that started after another committed comes after it. pg_stat_activity shows the
 * transaction ids of the connecting role's own sessions (all of them with pg_read_all_stats): the
 * replicas share one role, so their transactions are all seen.
 */
export class KyselyEventRelay {
  constructor(private readonly db: Kysely<Database>) {}

  async place(): Promise<Placement> {
    const { rows } = await PLACE.execute(this.db, { batch: BATCH });
    const first = rows[0];
    return {
      held: first?.held ?? false,
      placed: rows.filter((row) => row.pos !== null).map(toEncodedEvent),
      head: Number(first?.head ?? 0),
      pending: first?.pending ?? false,
    };
  }

  /**
   * Drops placed events that are both beyond the newest `keepCount` and older than `keepSince`, in
   * batches (short statements, short locks) until none is left. Returns how many went.
   */
  async prune(keepCount: number, keepSince: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const result = await sql`
        delete from events where id in (
          select id from events
          where pos <= (select head from event_log where id = 1) - ${keepCount} and created_at < ${keepSince}
          order by pos limit ${PRUNE_BATCH}
        )`.execute(this.db);
      const deleted = Number(result.numAffectedRows ?? 0n);
      total += deleted;
      if (deleted < PRUNE_BATCH) return total;
    }
  }

  /** The log's name and newest position. */
  async head(): Promise<{ logId: string; head: number }> {
    const row = await this.db.selectFrom('event_log').select(['log_id', 'head']).where('id', '=', 1).executeTakeFirstOrThrow();
    return { logId: row.log_id, head: Number(row.head) };
  }
}

type PlaceRow = { held: boolean; head: string; pending: boolean } & StoredEventRow;

/** Built once: compiling the template on every pass cost more of the API's CPU than the pass's own work. */
const PLACE = new PrecompiledStatement<{ batch: number }, PlaceRow>(
  ({ batch }) => sql`
      with idle as (select not exists (select 1 from events where pos is null) as idle),
      locked as (select head from event_log where id = 1 and not (select idle from idle) for update skip locked),
      relay as (select head from locked where head = (select head from event_log where id = 1)),
      snap as (select pg_current_snapshot() as s),
      horizon as (
        select coalesce(min(x), (select pg_snapshot_xmax(s) from snap)) as h
        from snap, pg_snapshot_xip(snap.s) as x
        where (x::text::bigint % 4294967296) in (
          select backend_xid::text::bigint from pg_stat_activity where datname = current_database() and backend_xid is not null)
      ),
      ready as (
        select e.id, row_number() over (order by e.tx, e.id) as n
        from events e
        where e.pos is null and e.tx < (select h from horizon) and exists (select 1 from relay)
        order by e.tx, e.id
        limit ${batch}
      ),
      placed as (
        update events e set pos = (select head from relay) + r.n
        from ready r where e.id = r.id
        returning e.id, e.pos, e.type, e.payload
      ),
      moved as (
        update event_log set head = head + (select count(*) from ready)
        where id = 1 and exists (select 1 from ready)
        returning head
      )
      select exists (select 1 from relay) or (select idle from idle) as held,
             coalesce((select head from moved), (select head from event_log where id = 1)) as head,
             exists (select 1 from events where pos is null and id not in (select id from ready)) as pending,
             p.id, p.pos, p.type, p.payload
      from (values (1)) as one (x)
      left join placed p on true
      order by p.pos`,
);

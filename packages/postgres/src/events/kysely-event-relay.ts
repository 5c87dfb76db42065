import type { EventRelay, Placement } from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import { PrecompiledStatement, preparedMark } from '../prepared-statements';
import type { Database } from '../schema';
import { toEncodedEvent, type StoredEventRow } from './kysely-event-history';

const BATCH = 1000;
const PRUNE_BATCH = 10_000;

/**
 * Gives committed events their positions, one relay at a time across replicas (the `event_log` row,
 * locked with SKIP LOCKED, so a busy relay is skipped, never waited for). A pass whose snapshot is
 * older than the lock it got (another relay committed in between: the locked row is newer than the
 * one the snapshot sees) would count that relay's events again: it holds nothing and tries again.
 * With nothing to place it locks nothing (a row lock costs a transaction id).
 *
 * The log's order is (transaction, id). A pass counts the events after the head's (kept in
 * `event_log`), writes nothing to them, and records one anchor at the last one it counted (see the
 * event-anchors migration): its cost hardly grows with the events it places. It counts only below
 * the oldest transaction its snapshot saw in progress, so nothing can later commit into a counted
 * stretch: positions are dense and final, and a transaction that started after another committed
 * comes after it. An event committed behind the head would never be counted, and would shift every
 * position counted across it, so this horizon must never be too high. The one transaction it leaves
 * out is one `pg_stat_activity` positively shows in another database (the cluster-wide
 * `pg_snapshot_xmin` would let those hold every event back). One that has ended since the snapshot
 * still counts as in progress: the snapshot cannot see its rows (the racing test found this), and
 * so does one whose database is hidden from this role (another role's, without pg_read_all_stats).
 */
export class KyselyEventRelay implements EventRelay {
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
   * Drops the oldest events while they are both beyond the newest `keepCount` and older than
   * `keepSince`, in batches (short statements, short locks), leaving an anchor at the edge. Always a
   * prefix of the log: positions after it still count from an anchor. Returns how many went.
   */
  async prune(keepCount: number, keepSince: Date): Promise<number> {
    let total = 0;
    for (;;) {
      const { rows } = await PRUNE.execute(this.db, { keepCount, keepSince, batch: PRUNE_BATCH });
      const deleted = Number(rows[0]?.deleted ?? 0);
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
  ({ batch }) => sql`${sql.raw(preparedMark('event_place'))}
      with log as (select head, head_tx, head_id from event_log where id = 1),
      -- These probes are "(select ... order by ... limit 1) is null", not "exists": the planner drops
      -- an exists' order and limit, guesses that a third of the log lies past the anchor, and scans it.
      idle as (
        select (
          select e.id from events e where (e.tx, e.id) > ((select head_tx from log), (select head_id from log)) order by e.tx, e.id limit 1
        ) is null as idle
      ),
      locked as (select head from event_log where id = 1 and not (select idle from idle) for update skip locked),
      relay as (select head from locked where head = (select head from log)),
      snap as (select pg_current_snapshot() as s),
      horizon as (
        select coalesce(min(x), (select pg_snapshot_xmax(s) from snap)) as h
        from snap, pg_snapshot_xip(snap.s) as x
        where (x::text::bigint % 4294967296) not in (
          select backend_xid::text::bigint from pg_stat_activity
          where datname is distinct from current_database() and backend_xid is not null)
      ),
      ready as (
        select e.id, e.tx, e.type, e.server_id, e.user_id, e.channel_id, e.payload, (select head from relay) + row_number() over (order by e.tx, e.id) as pos
        from events e
        where (e.tx, e.id) > ((select head_tx from log), (select head_id from log))
          and e.tx < (select h from horizon) and exists (select 1 from relay)
        order by e.tx, e.id
        limit ${batch}
      ),
      anchored as (
        insert into event_anchors (pos, tx, id)
        select pos, tx, id from ready order by pos desc limit 1
        returning pos, tx, id
      ),
      moved as (
        update event_log set head = (select pos from anchored), head_tx = (select tx from anchored), head_id = (select id from anchored)
        where id = 1 and exists (select 1 from anchored)
        returning head
      )
      select exists (select 1 from relay) or (select idle from idle) as held,
             coalesce((select head from moved), (select head from log)) as head,
             (
               select e.id from events e
               where (e.tx, e.id) > (coalesce((select tx from anchored), (select head_tx from log)), coalesce((select id from anchored), (select head_id from log)))
               order by e.tx, e.id limit 1
             ) is not null as pending,
             r.id, r.pos, r.type, r.server_id, r.user_id, r.channel_id, r.payload
      from (values (1)) as one (x)
      left join ready r on true
      order by r.pos`,
);

/** One batch of the prune: the oldest events, in log order, while each may go. */
const PRUNE = new PrecompiledStatement<{ keepCount: number; keepSince: Date; batch: number }, { deleted: string }>(
  ({ keepCount, keepSince, batch }) => sql`
      with edge as (select pos, tx, id from event_anchors order by pos limit 1),
      log as (select head, head_tx, head_id from event_log where id = 1),
      oldest as (
        select e.id, e.tx, e.created_at, (select pos from edge) + row_number() over (order by e.tx, e.id) as pos
        from events e
        where (e.tx, e.id) > ((select tx from edge), (select id from edge))
          and (e.tx, e.id) <= ((select head_tx from log), (select head_id from log))
        order by e.tx, e.id
        limit ${batch}
      ),
      going as (
        select id, tx, pos from (
          select id, tx, pos, bool_and(pos <= (select head from log) - ${keepCount} and created_at < ${keepSince})
            over (order by pos) as may
          from oldest
        ) o where may
      ),
      edge_after as (select pos, tx, id from going order by pos desc limit 1),
      deleted as (
        delete from events where (tx, id) <= ((select tx from edge_after), (select id from edge_after))
        returning 1
      ),
      anchored as (insert into event_anchors (pos, tx, id) select pos, tx, id from edge_after on conflict (pos) do nothing),
      dropped as (delete from event_anchors where pos < (select pos from edge_after))
      select count(*) as deleted from deleted`,
);

import type { EncodedEvent } from '@chat/domain';
import { sql, type Kysely } from 'kysely';
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

/**
 * Gives committed events their positions, one relay at a time across replicas (the `event_log` row,
 * locked with SKIP LOCKED, so a busy relay is skipped, never waited for). A pass whose snapshot is
 * older than the lock it got (another relay committed in between: the locked row is newer than the
 * one the snapshot sees) would see that relay's events as unplaced and place them again: it holds
 * nothing and tries again. An event is placed only
 * once every transaction older than the oldest one still running has finished
 * (`pg_snapshot_xmin`): ordered by (transaction, id), nothing can later commit in front of what was
 * placed, so positions are dense and final, and a transaction that started after another committed
 * comes after it.
 */
export class KyselyEventRelay {
  constructor(private readonly db: Kysely<Database>) {}

  async place(): Promise<Placement> {
    const { rows } = await sql<{ held: boolean; head: string; pending: boolean } & StoredEventRow>`
      with locked as (select head from event_log where id = 1 for update skip locked),
      relay as (select head from locked where head = (select head from event_log where id = 1)),
      ready as (
        select e.id, row_number() over (order by e.tx, e.id) as n
        from events e
        where e.pos is null and e.tx < pg_snapshot_xmin(pg_current_snapshot()) and exists (select 1 from relay)
        order by e.tx, e.id
        limit ${BATCH}
      ),
      placed as (
        update events e set pos = (select head from relay) + r.n
        from ready r where e.id = r.id
        returning e.id, e.pos, e.type, e.payload
      ),
      moved as (
        update event_log set head = head + (select count(*) from ready)
        where id = 1 and exists (select 1 from relay)
        returning head
      )
      select exists (select 1 from relay) as held,
             coalesce((select head from moved), (select head from event_log where id = 1)) as head,
             exists (select 1 from events where pos is null and id not in (select id from ready)) as pending,
             p.id, p.pos, p.type, p.payload
      from (values (1)) as one (x)
      left join placed p on true
      order by p.pos`.execute(this.db);
    const first = rows[0];
    return {
      held: first?.held ?? false,
      placed: rows.filter((row) => row.pos !== null).map(toEncodedEvent),
      head: Number(first?.head ?? 0),
      pending: first?.pending ?? false,
    };
  }

  /** Drops placed events that are both beyond the newest `keepCount` and older than `keepSince`. */
  async prune(keepCount: number, keepSince: Date): Promise<number> {
    const result = await sql`
      delete from events where id in (
        select id from events
        where pos <= (select head from event_log where id = 1) - ${keepCount} and created_at < ${keepSince}
        order by pos limit 10000
      )`.execute(this.db);
    return Number(result.numAffectedRows ?? 0n);
  }

  /** The log's name and newest position. */
  async head(): Promise<{ logId: string; head: number }> {
    const row = await this.db.selectFrom('event_log').select(['log_id', 'head']).where('id', '=', 1).executeTakeFirstOrThrow();
    return { logId: row.log_id, head: Number(row.head) };
  }
}

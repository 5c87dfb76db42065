import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

export interface WorkerLease {
  readonly workerId: number;
  /** Extends the lease; false when another holder has taken the id (this process must stop minting ids). */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

const LEASE_LOCK = 7_240_001;

/**
 * Leases the lowest snowflake worker id (0-1023) that no live replica holds. The advisory lock
 * makes two replicas starting together take turns, so they never leave with the same id.
 */
export async function leaseWorkerId(db: Kysely<Database>, holder: string, ttlSeconds: number): Promise<WorkerLease> {
  const workerId = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LEASE_LOCK})`.execute(trx);
    const leased = await sql<{ worker_id: number }>`
      insert into worker_leases (worker_id, holder, expires_at)
      select g.id, ${holder}, now() + make_interval(secs => ${ttlSeconds})
      from generate_series(0, 1023) as g(id)
      where not exists (select 1 from worker_leases l where l.worker_id = g.id and l.expires_at > now())
      order by g.id
      limit 1
      on conflict (worker_id) do update set holder = excluded.holder, expires_at = excluded.expires_at
      returning worker_id`.execute(trx);
    const row = leased.rows[0];
    if (!row) throw new Error('all 1024 snowflake worker ids are leased');
    return row.worker_id;
  });

  return {
    workerId,
    async renew() {
      const result = await db
        .updateTable('worker_leases')
        .set({ expires_at: sql<Date>`now() + make_interval(secs => ${ttlSeconds})` })
        .where('worker_id', '=', workerId)
        .where('holder', '=', holder)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async release() {
      await db.deleteFrom('worker_leases').where('worker_id', '=', workerId).where('holder', '=', holder).execute();
    },
  };
}

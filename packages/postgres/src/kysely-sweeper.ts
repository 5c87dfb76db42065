import type { SweepOutcome, Sweeper } from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import { createKyselyStores } from './create-kysely-stores';
import { KyselyIdempotencyStore } from './kysely-idempotency-store';
import type { Database } from './schema';

/** The advisory lock a sweep holds for its transaction: one replica sweeps at a time. */
const SWEEP_LOCK = 0x63686174_5377; // "chat", "Sw"

/**
 * Deletes expired sessions, refresh tokens (spent or not) and idempotency keys, up to `batch` of each per call, in a
 * transaction that first takes a transaction-scoped advisory lock without waiting: while one
 * replica sweeps, the others' calls return at once with `held: false`.
 */
export class KyselySweeper implements Sweeper {
  constructor(
    private readonly db: Kysely<Database>,
    /** Idempotency keys older than this are deleted too: the edge's replay window (`IDEMPOTENCY_KEY_TTL_MS`). */
    private readonly idempotencyTtlMs: number,
  ) {}

  async sweep(now: Date, batch = 1000): Promise<SweepOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ held: boolean }>`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as held`.execute(trx);
      if (!rows[0]?.held) return { held: false, sessions: 0, refreshTokens: 0, idempotencyKeys: 0 };
      const stores = createKyselyStores(trx);
      const refreshTokens = await stores.refreshTokens.sweepExpired(now, batch);
      const sessions = await stores.sessions.sweepExpired(now, batch);
      const idempotencyKeys = await new KyselyIdempotencyStore(trx, this.idempotencyTtlMs, 0).sweepExpired(now, batch);
      return { held: true, sessions, refreshTokens, idempotencyKeys };
    });
  }
}

export { SWEEP_LOCK };

import { UNATTACHED_TTL_MS, type FileStore, type SweepOutcome, type Sweeper } from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import { createKyselyStores } from './create-kysely-stores';
import { KyselyIdempotencyStore } from './kysely-idempotency-store';
import type { Database } from './schema';

/** The advisory lock a sweep holds for its transaction: one replica sweeps at a time. */
const SWEEP_LOCK = 0x63686174_5377; // "chat", "Sw"

/**
 * Deletes expired sessions, refresh tokens (spent or not) and idempotency keys, up to `batch` of each per call, in a
 * transaction that first takes a transaction-scoped advisory lock without waiting: while one
 * replica sweeps, the others' calls return at once with `held: false`. Then, in a transaction of its
 * own (a file store that is down must not undo the rest), the uploads never attached and the files of deleted messages.
 */
export class KyselySweeper implements Sweeper {
  constructor(
    private readonly db: Kysely<Database>,
    /** Idempotency keys older than this are deleted too: the edge's replay window (`IDEMPOTENCY_KEY_TTL_MS`). */
    private readonly idempotencyTtlMs: number,
    /** Where the uploads' bytes are: deleted before their rows. */
    private readonly files: FileStore,
  ) {}

  async sweep(now: Date, batch = 1000): Promise<SweepOutcome> {
    const expired = await this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ held: boolean }>`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as held`.execute(trx);
      if (!rows[0]?.held) return { held: false, sessions: 0, refreshTokens: 0, idempotencyKeys: 0 };
      const stores = createKyselyStores(trx);
      const refreshTokens = await stores.refreshTokens.sweepExpired(now, batch);
      const sessions = await stores.sessions.sweepExpired(now, batch);
      const idempotencyKeys = await new KyselyIdempotencyStore(trx, this.idempotencyTtlMs, 0).sweepExpired(now, batch);
      return { held: true, sessions, refreshTokens, idempotencyKeys };
    });
    return { ...expired, uploads: expired.held ? await this.sweepUploads(now, batch) : 0 };
  }

  /**
   * Uploads older than `UNATTACHED_TTL_MS` that no message took, and those whose message was deleted
   * (the foreign key set `message_id` back to null; `attached_at` says a message had them, so they
   * are never attached again): their rows are locked (an attach racing the sweep waits, then finds
   * them gone), their files deleted, then the rows. Should the commit fail after the files went,
   * the rows stay for the next sweep, whose deletes of files already gone are no error; a file is
   * never left without its row. Both kinds are in the partial index of rows without a message.
   */
  private async sweepUploads(now: Date, batch: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('attachments')
        .select(['id', 'storage_key'])
        .where('message_id', 'is', null)
        .where((eb) => eb.or([eb('attached_at', 'is not', null), eb('created_at', '<', new Date(now.getTime() - UNATTACHED_TTL_MS))]))
        .orderBy('created_at')
        .limit(batch)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length === 0) return 0;
      await this.files.delete(rows.map((row) => row.storage_key));
      await trx.deleteFrom('attachments').where('id', 'in', rows.map((row) => row.id)).execute();
      return rows.length;
    });
  }
}

export { SWEEP_LOCK };

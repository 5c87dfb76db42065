import type { Kysely } from 'kysely';

/** Runs `work` in a transaction of its own, or inside the caller's when the repository was given one. */
export function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

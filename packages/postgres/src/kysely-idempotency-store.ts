import type { Claim, IdempotencyStore } from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Idempotency keys in the database, so a retry on any replica finds the first answer. A claim is
 * one statement: it inserts the key, or takes over a row that expired (older than `ttlMs`) or was
 * abandoned (pending for longer than `abandonedMs`, its replica gone) if the fingerprint matches;
 * otherwise it leaves the row and reads it. Two racing claims of a new key: one inserts, the other
 * waits for it on the primary key; its read then runs on the statement's snapshot, which does not
 * hold the row, so it finds nothing and answers `in-flight` (409) whatever its fingerprint.
 */
export class KyselyIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
    private readonly abandonedMs: number,
  ) {}

  async claim(userId: string, key: string, fingerprint: string, now: Date): Promise<Claim> {
    const expiredBefore = new Date(now.getTime() - this.ttlMs);
    const abandonedBefore = new Date(now.getTime() - this.abandonedMs);
    const { rows } = await sql<{ claimed: boolean; fingerprint: string; status: number | null; body: string | null }>`
      with claimed as (
        insert into idempotency_keys as k (user_id, key, fingerprint, created_at)
        values (${userId}, ${key}, ${fingerprint}, ${now})
        on conflict (user_id, key) do update
          set fingerprint = excluded.fingerprint, created_at = excluded.created_at, status = null, body = null
          where k.created_at <= ${expiredBefore}
             or (k.status is null and k.created_at <= ${abandonedBefore} and k.fingerprint = excluded.fingerprint)
        returning true as claimed, fingerprint, status, body
      )
      select claimed, fingerprint, status, body from claimed
      union all
      select false, fingerprint, status, body from idempotency_keys
      where user_id = ${userId} and key = ${key} and not exists (select 1 from claimed)`.execute(this.db);
    const row = rows[0];
    if (!row) return { kind: 'in-flight' };
    if (row.claimed) return { kind: 'claimed' };
    if (row.fingerprint !== fingerprint) return { kind: 'mismatch' };
    return row.status === null ? { kind: 'in-flight' } : { kind: 'done', status: row.status, body: row.body };
  }

  async complete(userId: string, key: string, status: number, body: string | null): Promise<void> {
    await this.db.updateTable('idempotency_keys').set({ status, body }).where('user_id', '=', userId).where('key', '=', key).execute();
  }

  async release(userId: string, key: string): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('user_id', '=', userId).where('key', '=', key).where('status', 'is', null).execute();
  }

  /** Deletes up to `limit` keys expired at `now` (older than `ttlMs`); answers how many. */
  async sweepExpired(now: Date, limit: number): Promise<number> {
    const expiredBefore = new Date(now.getTime() - this.ttlMs);
    const result = await sql`delete from idempotency_keys where (user_id, key) in (
      select user_id, key from idempotency_keys where created_at <= ${expiredBefore} limit ${limit})`.execute(this.db);
    return Number(result.numAffectedRows ?? 0n);
  }
}

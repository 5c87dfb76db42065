import { KyselyIdempotencyStore, type Database } from '@chat/postgres';
import { freshId } from '@chat/domain/testing/contracts';
import type { Kysely } from 'kysely';
import { createPgliteDatabase, createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

const TTL = 24 * 3600_000;
const ABANDONED = 60_000;
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

function describeStore(name: string, open: () => Promise<{ db: Kysely<Database>; close: () => Promise<void> }>): void {
  describe(`KyselyIdempotencyStore on ${name}`, () => {
    let db: Kysely<Database>;
    let close: () => Promise<void>;
    let store: KyselyIdempotencyStore;
    beforeAll(async () => {
      ({ db, close } = await open());
      store = new KyselyIdempotencyStore(db, TTL, ABANDONED);
    });
    afterAll(async () => close());

    it('claims a new key once; a second claim sees it in flight, then done with the answer', async () => {
      const user = freshId();
      expect(await store.claim(user, 'k', 'f', at(0))).toEqual({ kind: 'claimed' });
      expect(await store.claim(user, 'k', 'f', at(1))).toEqual({ kind: 'in-flight' });
      await store.complete(user, 'k', 201, '{"id":"1"}');
      expect(await store.claim(user, 'k', 'f', at(2))).toEqual({ kind: 'done', status: 201, body: '{"id":"1"}' });
      expect(await store.claim(user, 'k', 'other', at(3))).toEqual({ kind: 'mismatch' });
      expect(await store.claim(freshId(), 'k', 'other', at(3))).toEqual({ kind: 'claimed' });
    });

    it('lets a released key be claimed again, but never releases an answered one', async () => {
      const user = freshId();
      await store.claim(user, 'k', 'f', at(0));
      await store.release(user, 'k');
      expect(await store.claim(user, 'k', 'g', at(1))).toEqual({ kind: 'claimed' });
      await store.complete(user, 'k', 204, null);
      await store.release(user, 'k');
      expect(await store.claim(user, 'k', 'g', at(2))).toEqual({ kind: 'done', status: 204, body: null });
    });

    it('starts afresh after 24 hours, and takes over a claim abandoned for a minute by the same request only', async () => {
      const user = freshId();
      await store.claim(user, 'old', 'f', at(0));
      await store.complete(user, 'old', 201, '{}');
      expect(await store.claim(user, 'old', 'g', at(TTL))).toEqual({ kind: 'claimed' });

      await store.claim(user, 'stuck', 'f', at(0));
      expect(await store.claim(user, 'stuck', 'f', at(ABANDONED - 1))).toEqual({ kind: 'in-flight' });
      expect(await store.claim(user, 'stuck', 'g', at(ABANDONED))).toEqual({ kind: 'mismatch' });
      expect(await store.claim(user, 'stuck', 'f', at(ABANDONED))).toEqual({ kind: 'claimed' });
    });

    it('gives a key to exactly one of many simultaneous claims', async () => {
      const user = freshId();
      const claims = await Promise.all(Array.from({ length: 8 }, () => store.claim(user, 'race', 'f', at(0))));
      expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
      expect(claims.filter((c) => c.kind !== 'in-flight' && c.kind !== 'claimed')).toEqual([]);
    });

    it('sweeps keys older than the TTL at the time given', async () => {
      const user = freshId();
      await store.claim(user, 'swept', 'f', at(-10));
      await store.claim(user, 'kept', 'f', at(10));
      expect(await store.sweepExpired(at(TTL), 1000)).toBeGreaterThanOrEqual(1);
      expect(await store.claim(user, 'swept', 'other', at(20))).toEqual({ kind: 'claimed' });
      expect(await store.claim(user, 'kept', 'other', at(20))).toEqual({ kind: 'mismatch' });
    });
  });
}

describeWithPostgres('on PostgreSQL', () => {
  describeStore('PostgreSQL', async () => {
    const database: TestDatabase = await createPostgresDatabase();
    return { db: database.db, close: () => database.drop() };
  });
});

describeStore('PGlite', async () => {
  const db = await createPgliteDatabase();
  return { db, close: () => db.destroy() };
});

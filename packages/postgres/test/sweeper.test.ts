import { KyselySweeper, SWEEP_LOCK, createKyselyStores } from '@chat/postgres';
import { InMemoryFileStore } from '@chat/domain/testing';
import { aSession, givenUser } from '@chat/domain/testing/contracts';
import { sql } from 'kysely';
import { createPgliteDatabase, createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

const KEY_TTL = 24 * 3600_000;

describeWithPostgres('sweeping expired sessions on PostgreSQL, one replica at a time', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('deletes expired sessions and keeps live ones', async () => {
    const stores = createKyselyStores(database.db);
    const user = await givenUser(stores);
    const now = new Date();
    const expired = aSession(user.id, { createdAt: new Date(now.getTime() - 7200_000), expiresAt: new Date(now.getTime() - 1000) });
    const live = aSession(user.id, { createdAt: now, expiresAt: new Date(now.getTime() + 3600_000) });
    await stores.sessions.create(expired);
    await stores.sessions.create(live);

    const outcome = await new KyselySweeper(database.db, KEY_TTL, new InMemoryFileStore()).sweep(now);

    expect(outcome.held).toBe(true);
    expect(outcome.sessions).toBeGreaterThanOrEqual(1);
    expect(await stores.sessions.find(expired.id)).toBeNull();
    expect(await stores.sessions.find(live.id)).toEqual(live);
  });

  it('does nothing, at once, while another replica holds the sweep', async () => {
    const stores = createKyselyStores(database.db);
    const user = await givenUser(stores);
    const now = new Date();
    const expired = aSession(user.id, { createdAt: new Date(now.getTime() - 7200_000), expiresAt: new Date(now.getTime() - 1000) });
    await stores.sessions.create(expired);
    const other = new KyselySweeper(database.db, KEY_TTL, new InMemoryFileStore());

    // Another replica's sweep: a transaction holding the lock while this one tries.
    const during = await database.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${SWEEP_LOCK})`.execute(trx);
      return other.sweep(now);
    });

    expect(during).toEqual({ held: false, sessions: 0, refreshTokens: 0, idempotencyKeys: 0, uploads: 0 });
    expect(await stores.sessions.find(expired.id)).not.toBeNull();
    expect((await other.sweep(now)).held).toBe(true);
    expect(await stores.sessions.find(expired.id)).toBeNull();
  });
});

describe('sweeping on the embedded PGlite', () => {
  it('takes the same lock and sweeps', async () => {
    const db = await createPgliteDatabase();
    const stores = createKyselyStores(db);
    const user = await givenUser(stores);
    const expired = aSession(user.id, { createdAt: new Date(Date.now() - 7200_000), expiresAt: new Date(Date.now() - 1000) });
    await stores.sessions.create(expired);

    expect(await new KyselySweeper(db, KEY_TTL, new InMemoryFileStore()).sweep(new Date())).toEqual({ held: true, sessions: 1, refreshTokens: 0, idempotencyKeys: 0, uploads: 0 });
    await db.destroy();
  });
});

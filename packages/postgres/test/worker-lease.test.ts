import { leaseWorkerId } from '@chat/postgres';
import { sql } from 'kysely';
import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

describeWithPostgres('snowflake worker id leases', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('never hands the same id to replicas starting together', async () => {
    const leases = await Promise.all(Array.from({ length: 12 }, (_, i) => leaseWorkerId(database.db, `replica-${i}`, 60)));
    const ids = leases.map((l) => l.workerId);
    expect(new Set(ids).size).toBe(12);
    await Promise.all(leases.map((l) => l.release()));
  });

  it('renews its own lease and reuses an id once it is released or expired', async () => {
    const first = await leaseWorkerId(database.db, 'a', 60);
    expect(await first.renew()).toBe(true);
    await first.release();
    const second = await leaseWorkerId(database.db, 'b', 60);
    expect(second.workerId).toBe(first.workerId);
    await sql`update worker_leases set expires_at = now() - interval '1 second' where holder = 'b'`.execute(database.db);
    const third = await leaseWorkerId(database.db, 'c', 60);
    expect(third.workerId).toBe(second.workerId);
    expect(await second.renew()).toBe(false);
    await third.release();
  });
});

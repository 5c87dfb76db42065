import { sql } from 'kysely';
import { MemoryWritePositions, openPostgres, RoutedReads, type ReadPools } from '@chat/postgres';
import { createPostgresDatabase, describeWithReplica, replicaUrlOf, type TestDatabase } from '@chat/postgres/testing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Which database answered: the primary says false, the replica true. */
const where = ({ db }: ReadPools) => sql<{ replica: boolean }>`select pg_is_in_recovery() as replica`.execute(db).then(({ rows }) => (rows[0]!.replica ? 'replica' : 'primary'));

describeWithReplica('RoutedReads on a real primary and its streaming replica', () => {
  let database: TestDatabase;
  let replica: ReadPools;
  let reads: RoutedReads;
  const failures: unknown[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const db = openPostgres({ url: replicaUrlOf(database.url), poolSize: 2 });
    replica = { db, hot: db };
    reads = new RoutedReads({ db: database.db, hot: database.db }, [replica], new MemoryWritePositions(), {
      maxLagMs: 10_000,
      pollMs: 50,
      retryAfterMs: 100,
      onReadRetried: (_index, error) => failures.push(error),
    });
    await reads.start();
    // The replica has the test's database once it has replayed its creation (500 ms late).
    while (!reads.states()[0]!.inRotation) {
      await sleep(50);
      await reads.poll();
    }
  }, 30_000);

  afterAll(async () => {
    await reads?.close();
    await replica?.db.destroy();
    await database?.drop();
  });

  it('keeps a read with no caller on the primary (the gateway, background work)', async () => {
    expect(await reads.read(where)).toBe('primary');
  });

  it('sends a caller that wrote nothing to the replica', async () => {
    expect(await reads.as('reader', false, () => reads.read(where))).toBe('replica');
  });

  it('sends a caller to the primary until the replica has replayed its write, then to the replica', async () => {
    // The replica holds its replay while the first reads are asked (its apply delay alone, 500 ms,
    // could run out before them on a loaded machine, and the writer would rightly read the replica).
    await sql`select pg_wal_replay_pause()`.execute(replica.db);
    try {
      await reads.as('writer', true, () => sql`create table written (id int)`.execute(database.db));
      expect(await reads.as('writer', false, () => reads.read(where))).toBe('primary');
      // Another caller may read the replica meanwhile, where the write is not yet.
      expect(await reads.as('reader', false, () => reads.read(where))).toBe('replica');
    } finally {
      await sql`select pg_wal_replay_resume()`.execute(replica.db);
    }
    let answer = 'primary';
    for (let tries = 0; answer === 'primary' && tries < 200; tries++) {
      await sleep(50);
      answer = await reads.as('writer', false, () => reads.read(where));
    }
    expect(answer).toBe('replica');
    // Once there, the write is there too.
    expect(await reads.as('writer', false, () => reads.read(({ db }) => sql`select count(*) from written`.execute(db).then(() => 'seen')))).toBe('seen');
  });

  it("asks the primary again when the replica's answer does not stand (a gate refused there), and keeps one that does", async () => {
    const unsettled = await reads.as('reader', false, () => reads.read(where, (answer) => answer !== 'replica'));
    expect(unsettled).toBe('primary');
    expect(await reads.as('reader', false, () => reads.read(where, () => true))).toBe('replica');
  });

  it('runs a read that fails on the replica again on the primary', async () => {
    const answer = await reads.as('reader', false, () =>
      reads.read(async (pools) => {
        if ((await where(pools)) === 'replica') throw new Error('canceling statement due to conflict with recovery');
        return 'primary';
      }),
    );
    expect(answer).toBe('primary');
    expect(failures).toHaveLength(1);
    // Not an outage: the replica stays in rotation.
    expect(reads.states()[0]!.inRotation).toBe(true);
  });
});

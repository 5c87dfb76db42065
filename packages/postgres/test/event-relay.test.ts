import { memberLeft, sessionRevoked } from '@chat/domain';
import { freshId } from '@chat/domain/testing/contracts';
import { KyselyEventHistory, KyselyEventRelay, KyselyUnitOfWork, openPostgres } from '@chat/postgres';
import { sql } from 'kysely';
import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

const revoked = () => sessionRevoked(freshId(), freshId());

describeWithPostgres('the event relay on PostgreSQL', () => {
  let database: TestDatabase;
  let relay: KyselyEventRelay;
  let history: KyselyEventHistory;
  let unitOfWork: KyselyUnitOfWork;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    relay = new KyselyEventRelay(database.db);
    history = new KyselyEventHistory(database.db);
    unitOfWork = new KyselyUnitOfWork(database.db);
  });

  afterAll(async () => {
    await database.drop();
  });

  const placeAll = async () => {
    for (let pass = await relay.place(); pass.pending || !pass.held; pass = await relay.place());
  };

  it('keeps neither the change nor its event of a unit that fails', async () => {
    const event = revoked();
    const sessionId = freshId();

    await expect(
      unitOfWork.run(async (stores) => {
        await stores.events.append(event);
        await stores.sessions.revoke(sessionId);
        throw new Error('fails after writing');
      }),
    ).rejects.toThrow('fails after writing');
    await placeAll();

    const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where payload like ${`%${event.type === 'session.revoked' ? event.sessionId : ''}%`}`.execute(database.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('places nothing behind a transaction still open, then both in transaction order once it commits', async () => {
    const first = memberLeft(freshId(), freshId(), 'leave');
    const second = revoked();
    const { head } = await relay.head();
    let commitFirst!: () => void;
    const firstOpen = new Promise<void>((resolve) => (commitFirst = resolve));
    let appended!: () => void;
    const firstAppended = new Promise<void>((resolve) => (appended = resolve));

    const firstUnit = unitOfWork.run(async (stores) => {
      await stores.events.append(first);
      appended();
      await firstOpen;
    });
    await firstAppended;
    await unitOfWork.run((stores) => stores.events.append(second));

    const whileOpen = await relay.place();
    commitFirst();
    await firstUnit;
    await placeAll();

    expect({ placed: whileOpen.placed, pending: whileOpen.pending }).toEqual({ placed: [], pending: true });
    expect((await history.after(head, 10)).map(({ position, event }) => ({ position, event }))).toEqual([
      { position: head + 1, event: first },
      { position: head + 2, event: second },
    ]);
  });

  it('is not held back by a transaction open in another database of the cluster', async () => {
    const elsewhere = openPostgres({ url: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test', poolSize: 1 });
    const event = revoked();
    const { head } = await relay.head();
    let finish!: () => void;
    const open = new Promise<void>((resolve) => (finish = resolve));
    let started!: () => void;
    const holding = new Promise<void>((resolve) => (started = resolve));
    const other = elsewhere.transaction().execute(async (trx) => {
      await sql`select pg_current_xact_id()`.execute(trx);
      started();
      await open;
    });
    try {
      await holding;
      await unitOfWork.run((stores) => stores.events.append(event));
      const pass = await relay.place();

      expect(pass.placed.map(({ position }) => position)).toEqual([head + 1]);
    } finally {
      finish();
      await other;
      await elsewhere.destroy();
    }
  });

  it('gives dense, unique positions when relays on two pools race with writers', async () => {
    const other = openPostgres({ url: database.url, poolSize: 4 });
    const relays = [relay, new KyselyEventRelay(other)];
    const { head } = await relay.head();
    try {
      const writes = Array.from({ length: 200 }, () => unitOfWork.run((stores) => stores.events.append(revoked())));
      const passes = Array.from({ length: 200 }, (_v, i) => relays[i % 2]!.place());
      await Promise.all([...writes, ...passes]);
      await placeAll();
    } finally {
      await other.destroy();
    }

    const placed = await history.after(head, 1000);
    expect(placed.map(({ position }) => position)).toEqual(Array.from({ length: 200 }, (_v, i) => head + i + 1));
    expect((await relay.head()).head).toBe(head + 200);
  });

  it('prunes only events both beyond the newest kept and older than the kept time, and the snapshot says so', async () => {
    for (let i = 0; i < 5; i += 1) await unitOfWork.run((stores) => stores.events.append(revoked()));
    await placeAll();
    const { head } = await relay.head();

    expect(await relay.prune(3, new Date(Date.now() - 60_000))).toBe(0);
    const pruned = await relay.prune(3, new Date(Date.now() + 60_000));
    const userId = freshId();
    const sessionId = freshId();
    await sql`insert into users (id, username, email, password_hash, created_at)
      values (${userId}, ${`u${userId}`}, ${`${userId}@example.com`}, 'x', now())`.execute(database.db);
    await sql`insert into sessions (id, user_id, created_at) values (${sessionId}, ${userId}, now())`.execute(database.db);

    expect(pruned).toBe(head - 3);
    expect((await history.after(0, 10)).map(({ position }) => position)).toEqual([head - 2, head - 1, head]);
    expect((await history.snapshot({ userId, sessionId }, null))?.oldest).toBe(head - 3);
  });

  it('reads on from every position, inside a pass or between passes, before and after a prune cuts a pass in two', async () => {
    const { head } = await relay.head();
    const ids: string[] = [];
    for (const size of [3, 4, 2]) {
      for (let i = 0; i < size; i += 1) await unitOfWork.run((stores) => stores.events.append(revoked()));
      const before = (await relay.head()).head;
      await placeAll();
      ids.push(...(await history.after(before, 100)).map(({ id }) => id));
    }
    const expected = (from: number) => ids.slice(from - head).map((id, i) => ({ position: from + i + 1, id }));
    for (let from = head; from <= head + 9; from += 1) {
      expect((await history.after(from, 100)).map(({ position, id }) => ({ position, id }))).toEqual(expected(from));
      expect((await history.after(from, 2)).map(({ position }) => position)).toEqual(expected(from).slice(0, 2).map(({ position }) => position));
    }

    // Keep the newest 5: the cut falls inside the second pass.
    await relay.prune(5, new Date(Date.now() + 60_000));
    expect((await history.after(0, 100)).map(({ position, id }) => ({ position, id }))).toEqual(expected(head + 4));
    for (let from = head + 4; from <= head + 9; from += 1) {
      expect((await history.after(from, 100)).map(({ position, id }) => ({ position, id }))).toEqual(expected(from));
    }
  });
});

import { createServer } from 'node:net';
import { createKyselyStores, openPostgres, type ChatDatabase } from '@chat/postgres';
import { aMessage, aServerWithOwner, expectSendsAtOnceGatedEachAlone, givenActor, withoutAuthor } from '@chat/domain/testing/contracts';
import type { Actor, Message, Stores } from '@chat/domain';
import { sql } from 'kysely';
import { createPgliteDatabase, createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

async function aMember(stores: Stores): Promise<{ actor: Actor; channelId: string }> {
  const { server, ownerUser } = await aServerWithOwner(stores);
  return { actor: await givenActor(stores, ownerUser.id), channelId: server.defaultChannelId };
}

/** Stores over `db` that record each batch retried one send at a time. */
function recordingStores(db: ChatDatabase, hot: ChatDatabase = db): { stores: Stores; retried: { error: unknown; size: number }[] } {
  const retried: { error: unknown; size: number }[] = [];
  return { stores: createKyselyStores(db, { hot, onBatchRetriedAlone: (error, size) => retried.push({ error, size }) }), retried };
}

/** The contract's sends of one moment (every gate outcome, awkward contents), answered by the batch statement itself. */
async function expectMixedBatchAnsweredByOneStatement(db: ChatDatabase, hot: ChatDatabase = db): Promise<void> {
  const { stores, retried } = recordingStores(db, hot);
  await expectSendsAtOnceGatedEachAlone(stores);
  expect(retried).toEqual([]);
}

/** Sends of one turn share a statement; a send PostgreSQL refuses fails alone, the rest are stored. */
async function expectBadSendToFailAlone(db: ChatDatabase, hot: ChatDatabase = db): Promise<void> {
  const { stores, retried } = recordingStores(db, hot);
  const { actor, channelId } = await aMember(stores);
  const good = [aMessage(channelId, actor.userId), aMessage(channelId, actor.userId)];
  // A content PostgreSQL cannot store (text holds no NUL): the domain refuses it before a store sees it.
  const bad = { ...aMessage(channelId, actor.userId), content: 'a \u0000 b' };

  const results = await Promise.allSettled([good[0], bad, good[1]].map((message) => stores.messages.createAs(actor, withoutAuthor(message as Message), null)));

  expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect(results[1]).toMatchObject({ reason: expect.objectContaining({ message: expect.stringMatching(/0x00/) }) });
  expect(await Promise.all([...good, bad].map((message) => stores.messages.findById(message.id)))).toEqual([good[0], good[1], null]);
  expect(retried).toEqual([{ error: expect.objectContaining({ message: expect.stringMatching(/0x00/) }), size: 3 }]);
}

describeWithPostgres('sends in the same turn, on PostgreSQL', () => {
  let database: TestDatabase;
  let hot: ChatDatabase;
  let stores: Stores;
  const statements: string[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    hot = openPostgres({ url: database.url, poolSize: 2, genericPlans: true, log: (text) => statements.push(/prepared: ([a-z_]+)/.exec(text)?.[1] ?? 'other') });
    stores = createKyselyStores(database.db, { hot });
  });
  afterAll(async () => {
    await hot.destroy();
    await database.drop();
  });
  beforeEach(() => {
    statements.length = 0;
  });

  it('go to PostgreSQL as one statement, and a lone send as the single one', async () => {
    const { actor, channelId } = await aMember(stores);
    const messages = Array.from({ length: 5 }, () => aMessage(channelId, actor.userId));

    const results = await Promise.all(messages.map((message) => stores.messages.createAs(actor, withoutAuthor(message), null)));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(statements).toEqual(['create_many_as']);
    // The same statement moved the author's read marker to the newest of them.
    expect(await stores.readStates.markRead(actor.userId, channelId, (messages.at(-1) as Message).id)).toBe('unchanged');

    expect((await stores.messages.createAs(actor, withoutAuthor(aMessage(channelId, actor.userId)), null)).ok).toBe(true);
    expect(statements).toEqual(['create_many_as', 'create_as']);
    expect(await Promise.all(messages.map((message) => stores.messages.findById(message.id)))).toEqual(messages);
  });

  it('answers sends with every gate outcome and awkward contents from the batch statement itself', async () => {
    await expectMixedBatchAnsweredByOneStatement(database.db, hot);
    // The five to the channel in one statement; the send to no channel has no route of theirs (a
    // statement names one route: docs/sharding.md), so it goes alone.
    expect(statements.sort()).toEqual(['create_as', 'create_many_as']);
  });

  it('batches per route: sends of one turn to two servers make a statement each, each naming its own', async () => {
    const [one, two] = [await aMember(stores), await aMember(stores)];
    const sends = [one, two, one, two].map(({ actor, channelId }) => ({ actor, message: aMessage(channelId, actor.userId) }));
    const results = await Promise.all(sends.map(({ actor, message }) => stores.messages.createAs(actor, withoutAuthor(message), null)));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(statements).toEqual(['create_many_as', 'create_many_as']);
    expect(await Promise.all(sends.map(({ message }) => stores.messages.findById(message.id)))).toEqual(sends.map(({ message }) => message));
    const routes = await sql<{ route_id: string }>`select route_id::text from messages where id = any(${sends.map(({ message }) => message.id)}::bigint[]) order by id`.execute(database.db);
    const servers = await sql<{ server_id: string }>`select server_id::text from channels where id = any(${[one.channelId, two.channelId]}::bigint[])`.execute(database.db);
    expect(new Set(routes.rows.map((row) => row.route_id))).toEqual(new Set(servers.rows.map((row) => row.server_id)));
  });

  it('retries a refused batch one send at a time, so only the bad send fails, and says so', async () => {
    await expectBadSendToFailAlone(database.db, hot);
    expect(statements).toEqual(['create_many_as', 'create_as', 'create_as', 'create_as']);
  });

  it('fails every send of a batch at once when the database is away, with no retry one by one', async () => {
    const { actor, channelId } = await aMember(stores);
    // A "server" that hangs up on every connection: each attempt to run a statement shows up here.
    let connections = 0;
    const hangUp = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => hangUp.listen(0, '127.0.0.1', resolve));
    const address = hangUp.address();
    if (address === null || typeof address === 'string') throw new Error('the stand-in server has no port');
    const { port } = address;
    const away = openPostgres({ url: `postgres://postgres@127.0.0.1:${port}/none`, poolSize: 5 });
    try {
      const offline = createKyselyStores(away);
      const results = await Promise.allSettled([1, 2, 3].map(() => offline.messages.createAs(actor, withoutAuthor(aMessage(channelId, actor.userId)), null)));

      expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(results[0]).toMatchObject({ reason: expect.objectContaining({ message: expect.stringMatching(/Connection terminated/) }) });
      expect(connections).toBe(1);
    } finally {
      await away.destroy();
      await new Promise((resolve) => hangUp.close(resolve));
    }
  });
});

/** A fresh PGlite for one test, closed after it. */
async function onPglite(test: (db: ChatDatabase) => Promise<void>): Promise<void> {
  const db = await createPgliteDatabase();
  try {
    await test(db);
  } finally {
    await db.destroy();
  }
}

describe('sends in the same turn, on PGlite', () => {
  it('answers sends with every gate outcome and awkward contents from the batch statement itself', async () => {
    await onPglite(async (db) => {
      await expectMixedBatchAnsweredByOneStatement(db);
      // Answered by the batch statement, not by six single ones (as it would be without batching); the
      // send to no channel alone, on a route of its own.
      const statements = await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(db);
      expect(statements.rows.map((row) => row.name)).toEqual([expect.stringMatching(/^create_as_/), expect.stringMatching(/^create_many_as_/)]);
    });
  });

  it('retries a refused batch one send at a time, so only the bad send fails, and says so', async () => {
    await onPglite((db) => expectBadSendToFailAlone(db));
  });

  it('stores a batch of sends, each with its own id', async () => {
    await onPglite(async (db) => {
      const stores = createKyselyStores(db);
      const { actor, channelId } = await aMember(stores);
      const messages = Array.from({ length: 4 }, (_, i) => aMessage(channelId, actor.userId, { content: `send ${i}` }));
      await Promise.all(messages.map((message) => stores.messages.createAs(actor, withoutAuthor(message), null)));
      expect(await Promise.all(messages.map((message) => stores.messages.findById(message.id)))).toEqual(messages);
      // By the batch statement itself: a batch that always failed would be hidden by the retries.
      const statements = await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(db);
      expect(statements.rows.map((row) => row.name)).toEqual([expect.stringMatching(/^create_many_as_/)]);
    });
  });
});

import { ATTACHMENTS_UNAVAILABLE, messageAttachmentOf } from '@chat/domain';
import { aMessage, anAttachment, aServerWithOwner, givenActor, withoutAuthor } from '@chat/domain/testing/contracts';
import { createKyselyStores } from '@chat/postgres';
import { sql } from 'kysely';
import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

// Two statements at once need two connections: PGlite has one, so this is PostgreSQL's alone.
describeWithPostgres('two sends racing for one file, on PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  /** Until `count` statements of this database wait for a lock (10 s at most). */
  async function lockWaiters(count: number): Promise<void> {
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 10))) {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
      if ((rows[0]?.waiting ?? 0) >= count) return;
    }
    throw new Error(`never saw ${count} statements waiting for the file's row`);
  }

  it('gives the file to one; the other writes nothing and takes none of its files, though both found them free', async () => {
    const seed = createKyselyStores(database.db);
    const { server, ownerUser: author } = await aServerWithOwner(seed);
    const [shared, mine] = [anAttachment(author.id), anAttachment(author.id)];
    for (const file of [shared, mine]) await seed.attachments.create(file);
    const actor = await givenActor(seed, author.id);
    const [first, second] = [aMessage(server.defaultChannelId, author.id), aMessage(server.defaultChannelId, author.id)];

    // Two stores, two batchers: two statements. A third transaction holds the shared file's row
    // until both have read it free, so both wait on it, and both must settle after the other's claim.
    const sends = await database.db.transaction().execute(async (trx) => {
      await trx.selectFrom('attachments').select('id').where('id', '=', shared.id).forUpdate().execute();
      const one = createKyselyStores(database.db).messages.createAs(actor, withoutAuthor(first), null, [shared.id]);
      // Waiters on a row are served in turn: the first queued claims it, and the second (which takes
      // `mine` before it reaches the shared row) is the one whose statement must undo a claim. Each
      // is seen waiting before the next goes (a fixed sleep lost the order on a loaded machine).
      await lockWaiters(1);
      const two = createKyselyStores(database.db).messages.createAs(actor, withoutAuthor(second), null, [mine.id, shared.id]);
      await lockWaiters(2);
      const racing = [one, two];
      return racing;
    });
    const results = await Promise.all(sends);

    expect(results).toEqual([{ ok: true, value: expect.objectContaining({ attachments: [messageAttachmentOf(shared)] }) }, { ok: true, value: ATTACHMENTS_UNAVAILABLE }]);
    expect(await seed.messages.findById(second.id)).toBeNull();
    expect((await seed.messages.findById(first.id))?.attachments).toEqual([messageAttachmentOf(shared)]);
    // The loser took `mine` (free) but not the shared one: its message was never inserted, so the
    // foreign key failed its statement, and `mine` was given back with it.
    expect((await seed.attachments.find(mine.id))?.messageId).toBeNull();
    expect((await seed.attachments.find(shared.id))?.messageId).toBe(first.id);
  });
});

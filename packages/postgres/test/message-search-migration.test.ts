import { createKyselyStores, migrateToLatest, migrateUpTo, openPglite } from '@chat/postgres';
import { aServerWithOwner, freshId } from '@chat/domain/testing/contracts';
import { sql } from 'kysely';

/** The migration before search's: the schema the upgrade starts from. */
const BEFORE = '2026-11-28T02-00-attachments';

/**
 * The upgrade to search: messages stored before it are found by their words once it has run (the
 * column is computed for every existing row), and its `down` takes the column and indexes away.
 */
describe('the message search migration', () => {
  it('makes the messages stored before it searchable, and comes undone', async () => {
    const db = openPglite();
    try {
      await migrateUpTo(db, BEFORE);
      const stores = createKyselyStores(db);
      const { server, ownerUser } = await aServerWithOwner(stores);
      // Written with the columns every schema has: the stores write today's.
      const old = freshId();
      await sql`insert into messages (id, channel_id, author_id, content, created_at)
        values (${old}, ${server.defaultChannelId}, ${ownerUser.id}, 'Stored before search existed', now())`.execute(db);

      await migrateToLatest(db);

      const hits = await stores.messageSearch.inServer(ownerUser.id, server.id, { text: 'existed', limit: 5 });
      expect((JSON.parse(hits.messages) as { id: string }[]).map((m) => m.id)).toEqual([old]);

      await migrateUpTo(db, BEFORE);
      const left = await sql`select column_name as name from information_schema.columns where table_name = 'messages' and column_name = 'search_vector'
        union all select indexname from pg_indexes where indexname in ('messages_search_idx', 'messages_author_idx')`.execute(db);
      expect(left.rows).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});

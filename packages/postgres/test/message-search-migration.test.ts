import { createKyselyStores, migrateToLatest, migrateUpTo, openPglite } from '@chat/postgres';
import { aServerWithOwner, givenMessage } from '@chat/domain/testing/contracts';
import { sql } from 'kysely';

/**
 * The upgrade to search: messages stored before it are found by their words once it has run (the
 * column is computed for every existing row), and its `down` leaves the table as it was.
 */
describe('the message search migration', () => {
  it('makes the messages stored before it searchable, and comes undone', async () => {
    const db = openPglite();
    try {
      await migrateUpTo(db, '2026-11-27T04-20-conversations');
      const stores = createKyselyStores(db);
      const { server, ownerUser } = await aServerWithOwner(stores);
      const old = await givenMessage(stores, server.defaultChannelId, ownerUser.id, { content: 'Stored before search existed' });

      await migrateToLatest(db);

      const hits = await stores.messageSearch.inServer(ownerUser.id, server.id, { text: 'existed', limit: 5 });
      expect((JSON.parse(hits.messages) as { id: string }[]).map((m) => m.id)).toEqual([old.id]);

      await migrateUpTo(db, '2026-11-27T04-20-conversations');
      const columns = await sql`select column_name from information_schema.columns where table_name = 'messages' order by ordinal_position`.execute(db);
      expect(columns.rows).toEqual(['id', 'channel_id', 'author_id', 'content', 'created_at', 'edited_at'].map((column_name) => ({ column_name })));
    } finally {
      await db.destroy();
    }
  });
});

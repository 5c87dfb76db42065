import { migrateToLatest, migrateUpTo, openPglite } from '@chat/postgres';
import { sql } from 'kysely';

/** The upgrade to folded emails: stored addresses in another form are folded, unless that would take another's. */
describe('the fold-emails migration', () => {
  it('folds what it can and leaves an address whose folded form is taken', async () => {
    const db = openPglite();
    try {
      await migrateUpTo(db, '2026-11-25T04-30-ban-pages');
      const users = [
        ['1', 'kate', 'ｋａｔｅ@example.com'],
        ['2', 'bob', 'bob@example.com'],
        ['3', 'bob2', 'ｂｏｂ@example.com'],
        ['4', 'ann', 'ａｎｎ@example.com'],
        ['5', 'ann2', 'ａnn@example.com'],
        ['6', 'plain', 'plain@example.com'],
      ];
      for (const [id, username, email] of users) {
        await sql`insert into users (id, username, email, password_hash, created_at) values (${id}, ${username}, ${email}, 'x', now())`.execute(db);
      }

      await migrateToLatest(db);

      const rows = await sql<{ id: string; email: string }>`select id::text, email from users order by id`.execute(db);
      expect(rows.rows.map((row) => [row.id, row.email])).toEqual([
        ['1', 'kate@example.com'],
        ['2', 'bob@example.com'],
        ['3', 'ｂｏｂ@example.com'],
        ['4', 'ann@example.com'],
        ['5', 'ａnn@example.com'],
        ['6', 'plain@example.com'],
      ]);
    } finally {
      await db.destroy();
    }
  });
});

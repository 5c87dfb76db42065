import { migrateToLatest, migrateUpTo, openPglite, createKyselyStores } from '@chat/postgres';
import { bitsOf, EVERYONE_DEFAULT } from '@chat/domain';
import { sql, type Kysely } from 'kysely';

const CREATE_INVITE = bitsOf(['CREATE_INVITE']);

/** A server as the schema before roles held it: its flag in `servers.members_can_invite`. */
async function aServer(db: Kysely<any>, id: string, membersCanInvite: boolean): Promise<void> {
  await sql`begin`.execute(db);
  await sql`insert into servers (id, name, default_channel_id, owner_id, created_at, members_can_invite)
    values (${id}, 'S', ${id}, 1, now(), ${membersCanInvite})`.execute(db);
  await sql`insert into channels (id, server_id, name, created_at) values (${id}, ${id}, 'general', now())`.execute(db);
  await sql`insert into members (server_id, user_id, joined_at) values (${id}, 1, now()), (${id}, 2, now())`.execute(db);
  await sql`commit`.execute(db);
}

/**
 * The upgrade to roles: every existing server gets @everyone with CREATE_INVITE exactly where its
 * members could invite, and `membersCanInvite` then reads that bit (the column is gone).
 */
describe('the roles migrations', () => {
  it("give each server @everyone, with CREATE_INVITE where members_can_invite was on, and read the flag from it", async () => {
    const db = openPglite();
    try {
      await migrateUpTo(db, '2026-11-25T04-40-fold-emails');
      for (const id of ['1', '2']) await sql`insert into users (id, username, email, password_hash, created_at) values (${id}, ${`u${id}`}, ${`u${id}@example.com`}, 'x', now())`.execute(db);
      await aServer(db, '10', true);
      await aServer(db, '20', false);
      await migrateUpTo(db, '2026-11-27T01-00-roles');
      // Made (with its @everyone) and then opened by a PATCH between the two migrations, which wrote only the column then.
      await aServer(db, '30', false);
      await sql`insert into roles (id, server_id, name, color, position, permissions, created_at) values (30, 30, '@everyone', null, 0, ${EVERYONE_DEFAULT}, now())`.execute(db);
      await sql`update servers set members_can_invite = true where id = 30`.execute(db);

      await migrateToLatest(db);

      const roles = await sql<{ id: string; name: string; position: number; permissions: string }>`
        select id::text, name, position, permissions::text from roles order by id`.execute(db);
      expect(roles.rows.map((r) => [r.id, r.name, r.position, Number(r.permissions)])).toEqual([
        ['10', '@everyone', 0, EVERYONE_DEFAULT | CREATE_INVITE],
        ['20', '@everyone', 0, EVERYONE_DEFAULT],
        ['30', '@everyone', 0, EVERYONE_DEFAULT | CREATE_INVITE],
      ]);
      const servers = createKyselyStores(db).servers;
      expect((await servers.findById('10'))?.membersCanInvite).toBe(true);
      expect((await servers.findById('20'))?.membersCanInvite).toBe(false);
      expect((await servers.findById('30'))?.membersCanInvite).toBe(true);
      const columns = await sql`select 1 from information_schema.columns where table_name = 'servers' and column_name = 'members_can_invite'`.execute(db);
      expect(columns.rows).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});

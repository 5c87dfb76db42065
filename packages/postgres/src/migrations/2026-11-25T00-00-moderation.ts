import { sql, type Kysely } from 'kysely';

/*
 * What a server's owner keeps order with: invites that expire, run out or are revoked (a deleted
 * row), a per-server choice of who may invite, and bans. Servers that existed before get the new
 * default, owner-only invites: the invites their members already made keep working until the
 * owner revokes them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table servers add column members_can_invite boolean not null default false`.execute(db);
  await sql`alter table invites
    add column max_uses integer,
    add column uses integer not null default 0,
    add column expires_at timestamptz`.execute(db);
  // A server's invites, for its owner's list.
  await db.schema.createIndex('invites_server_id_idx').on('invites').columns(['server_id', 'created_at']).execute();
  await db.schema
    .createTable('bans')
    .addColumn('server_id', 'bigint', (c) => c.notNull().references('servers.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('bans_pkey', ['server_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bans').execute();
  await db.schema.dropIndex('invites_server_id_idx').execute();
  await sql`alter table invites drop column max_uses, drop column uses, drop column expires_at`.execute(db);
  await sql`alter table servers drop column members_can_invite`.execute(db);
}

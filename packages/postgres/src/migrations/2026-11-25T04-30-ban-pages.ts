import { sql, type Kysely } from 'kysely';

/*
 * Bans read a page at a time in ban order, over an index; and each ban records whether its user was
 * a member when banned, which decides whether the owner's list shows their name. Bans made before
 * this are counted as not (the list then names them only if they share a server with the owner).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bans add column member_when_banned boolean not null default false`.execute(db);
  await sql`create index bans_ban_order_idx on bans (server_id, created_at, user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index bans_ban_order_idx`.execute(db);
  await sql`alter table bans drop column member_when_banned`.execute(db);
}

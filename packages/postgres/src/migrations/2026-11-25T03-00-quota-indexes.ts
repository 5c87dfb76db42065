import { sql, type Kysely } from 'kysely';

/* The servers quota counts a user's servers by owner, without a scan of every server (applications have their index). */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index servers_owner_id_idx on servers (owner_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index servers_owner_id_idx`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/*
 * Replies: the message of the same channel a message answers. No foreign key: a reply outlives the
 * message it answers (it then shows it deleted), so deleting a message touches no reply. Nullable
 * without a default, so adding the column rewrites no row; nothing looks replies up by it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table messages add column reply_to bigint`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table messages drop column reply_to`.execute(db);
}

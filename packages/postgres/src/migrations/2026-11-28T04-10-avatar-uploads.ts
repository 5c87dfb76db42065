import { sql, type Kysely } from 'kysely';

/*
 * An upload may be a server's avatar or banner, or a user's avatar: `used_as` names that slot
 * (`server:<id>:avatar`, `server:<id>:banner`, `user:<id>:avatar`). One upload a slot, kept by a
 * unique index, which also finds the upload to free when the slot changes. The sweep's partial
 * index now leaves out uploads in use as images, as the sweep does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table attachments add column used_as text`.execute(db);
  await sql`create unique index attachments_used_as_idx on attachments (used_as) where used_as is not null`.execute(db);
  await sql`drop index attachments_unattached_idx`.execute(db);
  await sql`create index attachments_unattached_idx on attachments (created_at) where message_id is null and used_as is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index attachments_unattached_idx`.execute(db);
  await sql`create index attachments_unattached_idx on attachments (created_at) where message_id is null`.execute(db);
  await sql`drop index attachments_used_as_idx`.execute(db);
  await sql`alter table attachments drop column used_as`.execute(db);
}

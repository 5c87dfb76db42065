import { sql, type Kysely } from 'kysely';

/*
 * Files on messages. A message keeps what was known of its files when it was sent (`attachments`:
 * `[{id, filename, contentType, size, width, height, url}]` in the order named, as the wire's text,
 * each `url` unsigned), so a page reads no other table and writes the column's text as it is
 * (`json`, unlike `jsonb`, keeps it byte for byte); the links are signed at the edge on every read.
 *
 * An upload is taken by a send's own statement: `message_id` set, `attached_at` stamped (never
 * cleared, so an upload is attached once in its life). The foreign key does two things: a claim
 * whose message the statement did not insert (two sends racing for one file) fails the whole
 * statement at its end, so no file is left claimed by a message that does not exist; and a deleted
 * message (alone, a channel's, a server's) sets its files' `message_id` back to null, where the
 * sweep's partial index finds them (`attached_at` set: their message is gone) and deletes them,
 * file and row. The index on `message_id` serves that cascade.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table messages add column attachments json not null default '[]'`.execute(db);
  await sql`alter table attachments add column attached_at timestamptz`.execute(db);
  await sql`alter table attachments add constraint attachments_message_id_fkey foreign key (message_id) references messages (id) on delete set null`.execute(db);
  await sql`create index attachments_message_idx on attachments (message_id) where message_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index attachments_message_idx`.execute(db);
  await sql`alter table attachments drop constraint attachments_message_id_fkey`.execute(db);
  await sql`alter table attachments drop column attached_at`.execute(db);
  await sql`alter table messages drop column attachments`.execute(db);
}

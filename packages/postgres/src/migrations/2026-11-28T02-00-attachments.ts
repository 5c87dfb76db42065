import { sql, type Kysely } from 'kysely';

/*
 * Uploaded files: what is known of each (the bytes are in the file store under `storage_key`). The
 * uploader's index, with the size included, sums a user's bytes of the last day (the quota) from the
 * index alone; the partial index finds the uploads never attached that the sweep deletes.
 * `message_id` is set when a message takes the upload. The uploader has no cascade: a user's files
 * must leave with their bytes (the sweep deletes both), never as rows alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table attachments (
    id bigint primary key,
    uploader_id bigint not null references users (id),
    filename text not null,
    content_type text not null,
    size bigint not null check (size >= 0),
    width integer,
    height integer,
    storage_key text not null unique,
    created_at timestamptz not null,
    message_id bigint
  )`.execute(db);
  await sql`create index attachments_uploader_idx on attachments (uploader_id, created_at) include (size)`.execute(db);
  await sql`create index attachments_unattached_idx on attachments (created_at) where message_id is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table attachments`.execute(db);
}

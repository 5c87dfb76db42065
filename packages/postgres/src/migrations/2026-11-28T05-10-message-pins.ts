import { sql, type Kysely } from 'kysely';

/*
 * Pins: when a message was pinned, null while it is not. Nullable without a default, so adding the
 * column rewrites no row. Pinned messages are few (at most 50 a channel): a partial index over them
 * in the order they are listed (most recently pinned first) serves the list and the cap's count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table messages add column pinned_at timestamptz`.execute(db);
  await sql`create index messages_pinned_idx on messages (channel_id, pinned_at desc, id desc) where pinned_at is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index messages_pinned_idx`.execute(db);
  await sql`alter table messages drop column pinned_at`.execute(db);
}

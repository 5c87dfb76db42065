import { sql, type Kysely } from 'kysely';

/*
 * Each user's read marker per channel or direct conversation: one row, keyed for the one probe a
 * count starts from. Only the marker is kept; the counts are read from `messages` when asked, so an
 * edit or a delete of an unread message needs nothing here. No foreign keys: a send moves its
 * author's marker in its one statement, and a key's check there would cost each send a probe and a
 * lock on the user's row. A deleted channel's rows stay, never read (every read starts from the
 * channels and conversations the user is in now): at most one per user and channel they read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table read_states (
    user_id bigint not null,
    channel_id bigint not null,
    last_read_message_id bigint not null,
    primary key (user_id, channel_id)
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table read_states`.execute(db);
}

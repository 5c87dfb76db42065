import { sql, type Kysely } from 'kysely';

/*
 * Who blocks whom. The primary key answers "does a block b" with one probe, so "either way" is two
 * (test/block-plan.test.ts); the reverse index serves the other direction's reads ("who blocks b":
 * the cascade when a user is deleted, and statements that look from the blocked side), which would
 * otherwise read the whole table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table blocks (
    user_id bigint not null references users (id) on delete cascade,
    blocked_id bigint not null references users (id) on delete cascade,
    created_at timestamptz not null,
    primary key (user_id, blocked_id),
    check (user_id <> blocked_id)
  )`.execute(db);
  await sql`create index blocks_blocked_idx on blocks (blocked_id, user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table blocks`.execute(db);
}

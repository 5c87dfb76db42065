import { sql, type Kysely } from 'kysely';

/*
 * The event log: every change's event is written in the change's own transaction (an outbox), then
 * placed by a relay at a dense position (1, 2, 3, ...) in the order of the writing transactions.
 * `tx` lets the relay place only events whose transaction and every earlier one have finished, so
 * an event is never placed behind one that commits later with a lower id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table events (
    id bigint generated always as identity primary key,
    tx xid8 not null default pg_current_xact_id(),
    pos bigint unique,
    type text not null,
    server_id bigint,
    user_id bigint,
    payload text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index events_unplaced_idx on events (tx, id) where pos is null`.execute(db);
  // A resume asks which of a user's servers they joined after its cursor.
  await sql`create index events_joins_idx on events (user_id, pos) where type = 'member.joined'`.execute(db);
  // One row: the log's name (positions mean nothing in another database) and the newest position.
  await sql`create table event_log (
    id integer primary key check (id = 1),
    log_id text not null,
    head bigint not null default 0
  )`.execute(db);
  await sql`insert into event_log (id, log_id) values (1, substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('event_log').execute();
  await db.schema.dropTable('events').execute();
}

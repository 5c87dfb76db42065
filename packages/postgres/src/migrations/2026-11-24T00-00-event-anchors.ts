import { sql, type Kysely } from 'kysely';

/*
 * Positions without writing to the event rows. The log's order is (tx, id): a relay pass counts the
 * committed events after the last one it placed and records one anchor, "position N is event
 * (tx, id)", at the pass's last event. An event's position is its anchor's plus how many events
 * follow that anchor in (tx, id) order up to it: nothing can later commit into a counted stretch
 * (only transactions that had finished were counted), and pruning removes a prefix, leaving an
 * anchor at its edge. Before this, each placed event was an UPDATE of its row: a copy of the row
 * and its payload, two index entries and a dead tuple per event, the relay's largest cost.
 *
 * Events placed before this migration are dropped (they were delivered) and the oldest readable
 * position becomes the head: a client with an older cursor is told to identify again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table event_anchors (
    pos bigint primary key,
    tx xid8 not null,
    id bigint not null
  )`.execute(db);
  await sql`insert into event_anchors (pos, tx, id)
    select l.head, coalesce(e.tx, '0'::xid8), coalesce(e.id, 0)
    from event_log l left join events e on e.pos = l.head
    where l.id = 1`.execute(db);
  // The newest anchor again, where every pass reads and writes anyway.
  await sql`alter table event_log add column head_tx xid8 not null default '0', add column head_id bigint not null default 0`.execute(db);
  await sql`update event_log l set head_tx = a.tx, head_id = a.id from event_anchors a where a.pos = l.head`.execute(db);
  await sql`delete from events where pos is not null`.execute(db);
  await sql`drop index events_unplaced_idx`.execute(db);
  await sql`drop index events_joins_idx`.execute(db);
  await sql`alter table events drop column pos`.execute(db);
  // The log's order is its key: one index to keep up per event, not two.
  await sql`alter table events drop constraint events_pkey`.execute(db);
  await sql`alter table events add primary key (tx, id)`.execute(db);
  // A resume asks which of a user's servers they joined after its cursor.
  await sql`create index events_joins_idx on events (user_id, tx, id) where type = 'member.joined'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index events_joins_idx`.execute(db);
  await sql`alter table events drop constraint events_pkey`.execute(db);
  await sql`alter table events add primary key (id)`.execute(db);
  await sql`alter table events add column pos bigint unique`.execute(db);
  await sql`create index events_unplaced_idx on events (tx, id) where pos is null`.execute(db);
  await sql`create index events_joins_idx on events (user_id, pos) where type = 'member.joined'`.execute(db);
  // Events counted since are dropped as delivered; positions go on from the newest anchor.
  await sql`delete from events e using (select tx, id from event_anchors order by pos desc limit 1) a where (e.tx, e.id) <= (a.tx, a.id)`.execute(db);
  await sql`drop table event_anchors`.execute(db);
  await sql`alter table event_log drop column head_tx, drop column head_id`.execute(db);
}

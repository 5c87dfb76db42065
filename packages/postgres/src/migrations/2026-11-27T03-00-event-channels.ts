import { sql, type Kysely } from 'kysely';

/*
 * Events of a channel go only to those who can see it: the route the log keeps beside each event
 * gains the channel, so a gateway decides without decoding. Rows already in the log get theirs from
 * their data, so a resume across the upgrade is judged like any other.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table events add column channel_id bigint`.execute(db);
  await sql`update events set channel_id = (payload::jsonb ->> 'channelId')::bigint
    where type in ('message.created', 'message.updated', 'message.deleted', 'reaction.added', 'reaction.removed', 'reaction.cleared')`.execute(db);
  await sql`update events set channel_id = (payload::jsonb ->> 'id')::bigint
    where type in ('channel.created', 'channel.updated', 'channel.deleted')`.execute(db);
  // A resume asks which servers the user joined, and which channels came into their sight, after its cursor.
  await sql`create index events_since_idx on events (user_id, tx, id) where type in ('member.joined', 'channel.shown') and user_id is not null`.execute(db);
  await sql`drop index events_joins_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index events_joins_idx on events (user_id, tx, id) where type = 'member.joined'`.execute(db);
  await sql`drop index events_since_idx`.execute(db);
  await sql`alter table events drop column channel_id`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/*
 * Direct conversations: one-to-one (one per pair, `pair_key`) and groups. A conversation's id is a
 * channel id, and its messages live in `messages` with the servers' channels' — so a message's
 * channel is either table's, and the foreign key to `channels` goes (a channel's and a server's
 * deletion delete their messages themselves, a slice at a time).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table conversations (
    id bigint primary key,
    type text not null check (type in ('dm', 'group')),
    owner_id bigint references users (id) on delete set null,
    name text,
    creator_id bigint not null references users (id) on delete cascade,
    pair_key text unique,
    created_at timestamptz not null,
    check ((type = 'dm') = (pair_key is not null))
  )`.execute(db);
  // The daily quota counts what one user opened lately.
  await sql`create index conversations_creator_idx on conversations (creator_id, created_at)`.execute(db);
  await sql`create table conversation_recipients (
    conversation_id bigint not null references conversations (id) on delete cascade,
    user_id bigint not null references users (id) on delete cascade,
    seq bigint generated always as identity,
    joined_at timestamptz not null,
    -- Who added them to a group after it was made (null: there from the start): counted in that user's daily quota.
    added_by bigint references users (id) on delete set null,
    primary key (conversation_id, user_id)
  )`.execute(db);
  await sql`create index conversation_recipients_added_idx on conversation_recipients (added_by, joined_at) where added_by is not null`.execute(db);
  await sql`create index conversation_recipients_user_idx on conversation_recipients (user_id, conversation_id)`.execute(db);
  await sql`alter table messages drop constraint messages_channel_id_fkey`.execute(db);
  // A resume asks which conversations the user came into after its cursor, as it asks for joins.
  await sql`create index events_since2_idx on events (user_id, tx, id)
    where type in ('member.joined', 'channel.shown', 'conversation.opened') and user_id is not null`.execute(db);
  await sql`drop index events_since_idx`.execute(db);
  await sql`alter index events_since2_idx rename to events_since_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index events_since_idx`.execute(db);
  await sql`create index events_since_idx on events (user_id, tx, id) where type in ('member.joined', 'channel.shown') and user_id is not null`.execute(db);
  await sql`delete from messages m where not exists (select 1 from channels c where c.id = m.channel_id)`.execute(db);
  await sql`alter table messages add constraint messages_channel_id_fkey foreign key (channel_id) references channels (id) on delete cascade`.execute(db);
  await sql`drop table conversation_recipients`.execute(db);
  await sql`drop table conversations`.execute(db);
}

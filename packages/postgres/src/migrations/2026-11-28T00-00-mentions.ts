import { sql, type Kysely } from 'kysely';

/*
 * Mentions: the users, the roles and `@everyone` a message mentions, as the send kept them. The
 * defaults are constants, so adding the columns rewrites no row. Mentioning messages are few: a
 * partial index over them in the messages' own order lets a count of those since a read marker
 * (`channel_id = $1 and id > $2`, with the index's condition repeated in the query's) read only them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table messages
    add column mentions bigint[] not null default '{}',
    add column mention_roles bigint[] not null default '{}',
    add column mention_everyone boolean not null default false`.execute(db);
  await sql`create index messages_mentioning_idx on messages (channel_id, id)
    where mention_everyone or mentions <> '{}' or mention_roles <> '{}'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index messages_mentioning_idx`.execute(db);
  await sql`alter table messages drop column mentions, drop column mention_roles, drop column mention_everyone`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/*
 * Search. Each message's words as PostgreSQL's language-neutral `simple` configuration reads them
 * (whole words, lower-cased: names and any language match as typed), kept in a stored generated
 * column, which PostgreSQL fills in the insert and the edit themselves: the send's statement does
 * not name it and stays as it was. A GIN index finds a word's messages; (author_id, id) walks an
 * author's messages newest first.
 *
 * Stored rather than an expression index on `to_tsvector('simple', content)`: a search of a common
 * word walks the newest messages and checks each one's words, and with an expression index each
 * check parses the content again (about 10 µs a row, against 1 µs or less to read the words stored).
 * On a million messages, same statement, each with its GIN index: a word in 0.35% of them 10 ms
 * stored against 158 ms from the expression (with two parallel workers), `water -the` 1 ms against
 * 84 ms (bench/RESULTS.md, "Search"). The cost: the words about double a row's size, and adding the
 * column rewrites the table once, under a lock that holds reads and writes (about 20 s a million
 * messages on the bench's machine).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table messages add column search_vector tsvector generated always as (to_tsvector('simple', content)) stored`.execute(db);
  await sql`create index messages_search_idx on messages using gin (search_vector)`.execute(db);
  await sql`create index messages_author_idx on messages (author_id, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index messages_author_idx`.execute(db);
  await sql`drop index messages_search_idx`.execute(db);
  await sql`alter table messages drop column search_vector`.execute(db);
}

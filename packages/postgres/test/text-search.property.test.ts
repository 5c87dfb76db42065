import fc from 'fast-check';
import { openPglite, openPostgres, type Database } from '@chat/postgres';
import { searchTextIssues } from '@chat/domain';
import { matches, queryOf, vectorOf } from '@chat/domain/testing';
import { sql, type Kysely } from 'kysely';
import { adminUrl, describeWithPostgres } from './test-databases';

/*
 * The in-memory message search reads words and web-search queries as PostgreSQL does (text-search.ts
 * in @chat/domain/testing). These properties hold it to the real thing: for random queries of
 * words, quotes, `-`, `or` and stray operators, and random texts, the fake matches exactly the
 * texts `to_tsvector('simple', text) @@ websearch_to_tsquery('simple', q)` matches.
 */

const RUNS = 300;
const WORDS = ['a', 'b', 'ab', 'or', 'OR', 'Or', 'the', 'The', 'e-mail', 'mail', 'x-y-z', "don't", 'école', 'ÉCOLE', '3.14', 'hello.world', 'v1.2', '日本語', 'naïve', 'a_b', 'x-1a', 'a-1', 'ab12', '12'];
const GLUE = [' ', '  ', ', ', '. ', '\n', ' - ', ' -', ' --', '"', ' "', '" ', '(', ')', '!', ' | ', '&', '<->', ':', '...', '*', "'", ' or ', ' OR "'];

/**
 * Words with glue between them: never none, nor a bare hyphen (PostgreSQL reads words run together
 * its own way: `3.14a` as `3.14` and `a`, `a-3.14` as `a` and `-3.14`).
 */
const joined = (glue: readonly string[], maxWords: number) =>
  fc
    .array(fc.tuple(fc.constantFrom(...glue), fc.constantFrom(...WORDS)), { minLength: 0, maxLength: maxWords })
    .chain((pairs) => fc.constantFrom(...glue).map((last) => pairs.map(([g, w]) => g + w).join('') + last));
const query = joined(GLUE, 6);
const text = joined([' ', ', ', '. ', ' - ', '\n', ' "'], 14);

async function agrees(db: Kysely<Database>): Promise<void> {
  await fc.assert(
    fc.asyncProperty(query, fc.array(text, { minLength: 1, maxLength: 8 }), async (q, texts) => {
      const { rows } = await sql<{ matched: boolean }>`
        select to_tsvector('simple', t) @@ websearch_to_tsquery('simple', ${q}) as matched
        from unnest(${texts}::text[]) with ordinality as x(t, i) order by i`.execute(db);
      const parsed = queryOf(q);
      expect(texts.map((t) => matches(vectorOf(t), parsed))).toEqual(rows.map((row) => row.matched));
    }),
    { numRuns: RUNS },
  );
}

/** Queries the domain lets through: up to 200 characters, many of them operators (`-` above all). */
const accepted = fc
  .string({ unit: fc.constantFrom('-', '-', '-', ' ', '"', '!', '(', ')', '|', '<', ':', 'a', 'b', 'or', ' or '), maxLength: 200 })
  .filter((q) => searchTextIssues(q).length === 0);

describeWithPostgres('the in-memory text search against PostgreSQL', () => {
  it('matches what websearch_to_tsquery and to_tsvector match, for random queries and texts', async () => {
    const db = openPostgres({ url: adminUrl(), poolSize: 1 });
    try {
      await agrees(db);
    } finally {
      await db.destroy();
    }
  }, 60_000);

  it('parses every query the domain accepts without an error (PostgreSQL refuses 32 negations in a row)', async () => {
    const db = openPostgres({ url: adminUrl(), poolSize: 1 });
    try {
      await fc.assert(
        fc.asyncProperty(accepted, async (q) => {
          await sql`select websearch_to_tsquery('simple', ${q})`.execute(db);
        }),
        { numRuns: RUNS },
      );
      // The bound is close to what PostgreSQL takes: one more `-` than 31 in a row is its error.
      await expect(sql`select websearch_to_tsquery('simple', ${`${'-'.repeat(40)}a`})`.execute(db)).rejects.toThrow('tsquery stack too small');
    } finally {
      await db.destroy();
    }
  }, 60_000);
});

describe('the in-memory text search against PGlite', () => {
  it('matches what websearch_to_tsquery and to_tsvector match, for random queries and texts', async () => {
    const db = openPglite();
    try {
      await agrees(db);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});

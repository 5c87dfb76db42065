import { aServerWithOwner, freshId, givenUser } from '@chat/domain/testing/contracts';
import { createKyselyStores, openPostgres, parameterText, type ChatDatabase } from '@chat/postgres';
import type { SearchQuery } from '@chat/domain';
import { sql } from 'kysely';
import { allNodes, type PlanNode } from './plan-helpers';
import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

interface Analyzed extends PlanNode {
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
}

/*
 * The search's speed, as plans: a rare word is found in the GIN index, a common one by walking the
 * newest messages back (a few rows), an author's messages on (author_id, id); never a sequential scan.
 * The walk starts at the searched channels' newest message: a quiet server among busier ones does not
 * read their newer messages first. (bench/search.cjs measures the same on a million messages.)
 */
describeWithPostgres('the search statement plan', () => {
  let database: TestDatabase;
  let logged: ChatDatabase;
  const queries: { sql: string; parameters: readonly unknown[] }[] = [];
  let serverId: string;
  let viewer: string;
  /** Wrote one message in 100 of the quiet server's, and all of the busy one's. */
  let frequent: string;
  /** Wrote four messages, long ago. */
  let rare: string;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    logged = openPostgres({ url: database.url, poolSize: 1, log: (text, parameters) => queries.push({ sql: text, parameters }) });
    const stores = createKyselyStores(database.db);
    const quiet = await aServerWithOwner(stores);
    const busy = await aServerWithOwner(stores);
    serverId = quiet.server.id;
    viewer = quiet.ownerUser.id;
    frequent = busy.ownerUser.id;
    rare = (await givenUser(stores)).id;
    // 40,000 messages here, then 80,000 newer ones in the busy server: every message says "common",
    // one in 10,000 here "rare" (the rare author's).
    const base = freshId();
    await sql`insert into messages (id, channel_id, author_id, content, created_at)
      select ${base}::bigint + g, ${quiet.server.defaultChannelId}::bigint,
             case when g % 10000 = 0 then ${rare}::bigint when g % 100 = 0 then ${frequent}::bigint else ${viewer}::bigint end,
             'common words ' || case when g % 10000 = 0 then 'rare ' else '' end || g, now()
      from generate_series(1, 40000) g`.execute(database.db);
    await sql`insert into messages (id, channel_id, author_id, content, created_at)
      select ${base}::bigint + 40000 + g, ${busy.server.defaultChannelId}::bigint, ${frequent}::bigint, 'common words ' || g, now()
      from generate_series(1, 80000) g`.execute(database.db);
    await sql`vacuum analyze messages`.execute(database.db);
  }, 120_000);

  afterAll(async () => {
    await logged.destroy();
    await database.drop();
  });

  /** The hits' statement of a search, run under EXPLAIN ANALYZE as the API runs it (parameters as values): its nodes. */
  async function planOf(query: Partial<SearchQuery>): Promise<Analyzed[]> {
    queries.length = 0;
    await createKyselyStores(logged).messageSearch.inServer(viewer, serverId, { limit: 25, ...query });
    const hits = queries.at(-1);
    if (!hits) throw new Error('no query was logged');
    const plan = await logged.connection().execute(async (connection) => {
      await sql`prepare search_statement as ${sql.raw(hits.sql)}`.execute(connection);
      try {
        const values = sql.join(hits.parameters.map((value) => sql.lit(parameterText(value))));
        const explained = await sql<{ 'QUERY PLAN': { Plan: Analyzed }[] }>`explain (analyze, format json) execute search_statement(${values})`.execute(connection);
        return explained.rows[0]?.['QUERY PLAN'][0]?.Plan;
      } finally {
        await sql`deallocate search_statement`.execute(connection);
      }
    });
    if (!plan) throw new Error('no plan');
    return allNodes(plan) as Analyzed[];
  }

  const reads = (plan: Analyzed[]) => plan.filter((n) => n['Relation Name'] === 'messages' || n['Index Name']?.startsWith('messages') === true);

  it('finds a rare word in the GIN index', async () => {
    const plan = await planOf({ text: 'rare' });
    expect(plan.some((n) => n['Index Name'] === 'messages_search_idx')).toBe(true);
    expect(plan.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'messages')).toBe(false);
  });

  it("walks the quiet server's newest messages back for a common word, past none of the busy server's", async () => {
    const plan = await planOf({ text: 'common' });
    const walk = reads(plan).find((n) => n['Index Name'] === 'messages_pkey');
    expect(walk && { node: walk['Node Type'], rows: walk['Actual Rows'], removed: walk['Rows Removed by Filter'] ?? 0 }).toEqual({ node: 'Index Scan', rows: 26, removed: 0 });
  });

  it("finds a rare author's messages on (author_id, id), and a frequent one's in a few thousand rows at most", async () => {
    expect(reads(await planOf({ authorId: rare })).map((n) => n['Index Name'])).toContain('messages_author_idx');
    const plan = await planOf({ authorId: frequent });
    expect(plan.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'messages')).toBe(false);
    const read = reads(plan).reduce((sum, n) => sum + (n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0), 0);
    expect(read).toBeLessThan(5000);
  });
});

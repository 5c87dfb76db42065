import type { SearchQuery } from '@chat/domain';
import { aServerWithOwner, freshId, givenUser } from '@chat/domain/testing/contracts';
import { createKyselyStores } from '@chat/postgres';
import { sql } from 'kysely';
import { aLoggedPool, allNodes, analyzedPlanOf, type PlanNode } from './plan-helpers';
import { describeWithPostgres } from './test-databases';

/*
 * The search's speed, as plans: a rare word is found in the GIN index, a common one by walking the
 * newest messages back (a few rows), a rare author's messages on (author_id, id); never a sequential
 * scan. The walk starts at the searched channels' newest message: a quiet server among busier ones
 * does not read their newer messages first. (bench/search.cjs measures the same on a million messages.)
 */
describeWithPostgres('the search statement plan', () => {
  const { database, pool, lastWith } = aLoggedPool();
  const cast = { serverId: '', viewer: '', frequent: '', rare: '' };

  beforeAll(async () => {
    const stores = createKyselyStores(database().db);
    const quiet = await aServerWithOwner(stores);
    const busy = await aServerWithOwner(stores);
    Object.assign(cast, { serverId: quiet.server.id, viewer: quiet.ownerUser.id, frequent: busy.ownerUser.id, rare: (await givenUser(stores)).id });
    // 40,000 messages here, then 80,000 newer ones in the busy server: every message says "common";
    // one in 10,000 here says "rare" (the rare author's), one in 100 is the frequent author's.
    const base = freshId();
    await sql`insert into messages (id, channel_id, route_id, author_id, content, created_at)
      select ${base}::bigint + g, ${quiet.server.defaultChannelId}::bigint, ${quiet.server.id}::bigint,
             case when g % 10000 = 0 then ${cast.rare}::bigint when g % 100 = 0 then ${cast.frequent}::bigint else ${cast.viewer}::bigint end,
             'common words ' || case when g % 10000 = 0 then 'rare ' else '' end || g, now()
      from generate_series(1, 40000) g`.execute(database().db);
    await sql`insert into messages (id, channel_id, route_id, author_id, content, created_at)
      select ${base}::bigint + 40000 + g, ${busy.server.defaultChannelId}::bigint, ${busy.server.id}::bigint, ${cast.frequent}::bigint, 'common words ' || g, now()
      from generate_series(1, 80000) g`.execute(database().db);
    await sql`vacuum analyze messages`.execute(database().db);
  }, 120_000);

  /** The nodes of the hits' statement of a search, as it runs for its values. */
  async function planOf(query: Partial<SearchQuery>): Promise<PlanNode[]> {
    await createKyselyStores(pool()).messageSearch.inServer(cast.viewer, cast.serverId, { limit: 25, ...query });
    return allNodes(await analyzedPlanOf(database().db, lastWith('with hits as')));
  }

  const reads = (plan: PlanNode[]) => plan.filter((n) => n['Relation Name'] === 'messages' || n['Index Name']?.startsWith('messages') === true);
  const scans = (plan: PlanNode[]) => plan.some((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'messages');

  it('finds a rare word in the GIN index', async () => {
    const plan = await planOf({ text: 'rare' });
    expect(reads(plan).map((n) => n['Index Name'])).toContain('messages_search_idx');
    expect(scans(plan)).toBe(false);
  });

  it("walks the quiet server's newest messages back for a common word, past none of the busy server's", async () => {
    const walk = reads(await planOf({ text: 'common' })).find((n) => n['Index Name'] === 'messages_pkey');
    expect(walk && { node: walk['Node Type'], rows: walk['Actual Rows'], removed: walk['Rows Removed by Filter'] ?? 0 }).toEqual({ node: 'Index Scan', rows: 26, removed: 0 });
  });

  it("finds a rare author's messages on (author_id, id), and a frequent one's in a few thousand rows at most", async () => {
    expect(reads(await planOf({ authorId: cast.rare })).map((n) => n['Index Name'])).toContain('messages_author_idx');
    const plan = await planOf({ authorId: cast.frequent });
    expect(scans(plan)).toBe(false);
    expect(reads(plan).reduce((sum, n) => sum + (n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0), 0)).toBeLessThan(5000);
  });
});

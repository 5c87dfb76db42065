import { freshId, givenUser } from '@chat/domain/testing/contracts';
import { createKyselyStores, openPostgres, type ChatDatabase } from '@chat/postgres';
import { sql } from 'kysely';
import { allNodes, genericPlanOf, type PlanNode } from './plan-helpers';
import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

/**
 * Whether two people block each other is asked before every direct message: among many blocks it
 * must cost two index probes, one each way, and never a scan. Both indexes hold both columns, so
 * the planner may probe either (it often takes the reverse one: the costs are the same). A user's
 * list reads their own blocks by the primary key.
 */
describeWithPostgres('the blocks table, read by key', () => {
  let database: TestDatabase;
  let pool: ChatDatabase;
  const queries: { sql: string; parameters: readonly unknown[] }[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    pool = openPostgres({ url: database.url, poolSize: 1, log: (text, parameters) => queries.push({ sql: text, parameters }) });
    // 20,000 users, each blocking the next five: enough rows that a scan would show in the plan.
    const base = freshId();
    await sql`insert into users (id, username, email, password_hash, created_at)
      select ${base}::bigint + g, 'plan' || ${base} || '_' || g, 'plan' || ${base} || '_' || g || '@example.com', 'x', now() from generate_series(1, 20005) g`.execute(database.db);
    await sql`insert into blocks (user_id, blocked_id, created_at)
      select ${base}::bigint + g, ${base}::bigint + g + k, now() from generate_series(1, 20000) g, generate_series(1, 5) k`.execute(database.db);
    await sql`analyze`.execute(database.db);
  }, 120_000);

  afterAll(async () => {
    await pool?.destroy();
    await database?.drop();
  });

  async function planOfLast(table: string): Promise<PlanNode[]> {
    const query = queries.filter((q) => q.sql.includes(table)).at(-1);
    if (!query) throw new Error(`no statement on ${table} was logged`);
    return allNodes(await genericPlanOf(database.db, query));
  }

  const readsOfBlocks = (plan: PlanNode[]) => plan.filter((n) => n['Relation Name'] === 'blocks').map((n) => [n['Node Type'], n['Index Name']]);

  it('answers between(a, b) with two index probes, one each way', async () => {
    const stores = createKyselyStores(pool);
    const [a, b] = [await givenUser(stores), await givenUser(stores)];
    await stores.blocks.block({ userId: b.id, blockedId: a.id, createdAt: new Date() });

    expect(await stores.blocks.between(a.id, b.id)).toBe(true);

    const reads = readsOfBlocks(await planOfLast('from blocks'));
    expect(reads).toHaveLength(2);
    for (const [node, index] of reads) {
      expect(node).toMatch(/^Index (Only )?Scan$/);
      expect(['blocks_pkey', 'blocks_blocked_idx']).toContain(index);
    }
  });

  it("lists a user's blocks by the primary key", async () => {
    const stores = createKyselyStores(pool);
    const [me, them] = [await givenUser(stores), await givenUser(stores)];
    await stores.blocks.block({ userId: me.id, blockedId: them.id, createdAt: new Date() });

    expect(await stores.blocks.list(me.id, { limit: 1000 })).toEqual([{ id: them.id, username: them.username, displayName: null, avatar: null }]);

    const reads = readsOfBlocks(await planOfLast('from "blocks"'));
    expect(reads).toHaveLength(1);
    expect(reads[0]?.[1]).toBe('blocks_pkey');
  });
});

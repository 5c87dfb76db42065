import { createKyselyStores, openPostgres, type ChatDatabase } from '@chat/postgres';
import { aMessage, aServerWithOwner, freshId, givenActor, withoutAuthor } from '@chat/domain/testing/contracts';
import { sql } from 'kysely';
import { allNodes, genericPlanOf, type PlanNode } from './plan-helpers';
import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

/**
 * The plan that fetches the messages: sub-plans (per-message reactions, the session check) are left
 * out, but not a CTE's plan (`CTE page`), which is where a gated page reads its messages.
 */
const isPart = (child: PlanNode) =>
  !['SubPlan', 'InitPlan'].includes(child['Parent Relationship'] ?? '') || (child['Subplan Name'] ?? '').startsWith('CTE ');
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).filter(isPart).flatMap(nodes)];

/*
 * The message page must be a keyset walk of (channel_id, id): no sequential scan, no sort, no
 * OFFSET, so the newest page of a huge channel costs what it costs in a small one.
 */
describeWithPostgres('the message page query plan', () => {
  let database: TestDatabase;
  let logged: ChatDatabase;
  const queries: { sql: string; parameters: readonly unknown[] }[] = [];
  let channelId: string;
  let smallChannelId: string;
  let viewer: string;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    logged = openPostgres({ url: database.url, poolSize: 1, log: (text, parameters) => queries.push({ sql: text, parameters }) });
    const stores = createKyselyStores(database.db);
    const { server, ownerUser } = await aServerWithOwner(stores);
    const { server: other } = await aServerWithOwner(stores);
    channelId = server.defaultChannelId;
    viewer = ownerUser.id;
    // A small channel among huge ones, its ids spread among theirs (one base, so the layout does not
    // depend on the clock): a primary-key walk from any point of the small channel reads about 1000
    // other messages for each of its own, in either direction.
    smallChannelId = freshId();
    await sql`insert into channels (id, server_id, name, created_at) values (${smallChannelId}, ${server.id}, 'small', now())`.execute(database.db);
    const base = freshId();
    await sql`insert into messages (id, channel_id, route_id, author_id, content, created_at)
      select ${base}::bigint + 3 * 500 * g + 2, ${smallChannelId}::bigint, ${server.id}::bigint, ${viewer}::bigint, 'small ' || g, now()
      from generate_series(1, 200) g`.execute(database.db);
    // 100k messages here and 100k elsewhere (ids interleaved, past the small channel's on both sides),
    // then fresh statistics, as a long-lived database has.
    for (const [offset, target] of [channelId, other.defaultChannelId].entries()) {
      await sql`insert into messages (id, channel_id, route_id, author_id, content, created_at)
        select ${base}::bigint + 3 * g + ${offset}, ${target}::bigint, (select c.server_id from channels c where c.id = ${target}::bigint), ${viewer}::bigint, 'message ' || g, now()
        from generate_series(1, 110000) g`.execute(database.db);
    }
    await sql`analyze messages`.execute(database.db);
  }, 120_000);

  afterAll(async () => {
    await logged.destroy();
    await database.drop();
  });

  async function planOf(run: (stores: ReturnType<typeof createKyselyStores>) => Promise<unknown>): Promise<PlanNode[]> {
    queries.length = 0;
    await run(createKyselyStores(logged));
    const query = queries.at(-1);
    if (!query) throw new Error('no query was logged');
    const explained = await sql<{ 'QUERY PLAN': { Plan: PlanNode }[] }>`explain (format json) ${sql.raw(
      inline(query.sql, query.parameters),
    )}`.execute(database.db);
    const plan = explained.rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!plan) throw new Error('no plan');
    return nodes(plan);
  }

  /** The cursor with `NEWEST` standing for the small channel's newest message id. */
  async function inSmallChannel(cursor: Record<string, string>): Promise<Record<string, string | undefined>> {
    const newest = (await sql<{ id: string }>`select max(id)::text as id from messages where channel_id = ${smallChannelId}`.execute(database.db)).rows[0]?.id;
    return Object.fromEntries(Object.entries(cursor).map(([k, v]) => [k, v === 'NEWEST' ? newest : v]));
  }

  const pageIndexes = (plan: PlanNode[]) => plan.filter((n) => n['Index Name']?.startsWith('messages')).map((n) => n['Index Name']);

  it.each([
    ['the newest page', {}],
    ['a page far back (before)', { before: 'MIDDLE' }],
    ['a page forward (after)', { after: 'MIDDLE' }],
  ])('reads %s of a big channel in (channel_id, id) order: no sort, no sequential scan', async (_name, cursor) => {
    const middle = (await sql<{ id: string }>`select id from messages where channel_id = ${channelId} order by id offset 50000 limit 1`.execute(database.db))
      .rows[0]?.id;
    const resolved = Object.fromEntries(Object.entries(cursor).map(([k, v]) => [k, v === 'MIDDLE' ? middle : v]));
    const plan = await planOf((stores) => stores.messages.pageJsonAs({ userId: viewer, sessionId: freshId() }, channelId, { limit: 50, ...resolved }));
    const page = plan.find((n) => n['Subplan Name'] === 'CTE page');
    expect(page && nodes(page).map((n) => [n['Node Type'], n['Index Name']])).toEqual([
      ['Limit', undefined],
      ['Result', undefined],
      ['Index Scan', 'messages_channel_id_id_idx'],
    ]);
    expect(pageIndexes(plan)).toEqual(['messages_channel_id_id_idx']);
  });

  it.each([
    ['the newest page', {}],
    ['a page back', { before: 'NEWEST' }],
  ])('reads %s of a small channel among huge ones through (channel_id, id) in pageJsonAs too', async (_name, cursor) => {
    const resolved = await inSmallChannel(cursor);
    const actor = { userId: viewer, sessionId: freshId() };
    const plan = await planOf((stores) => stores.messages.pageJsonAs(actor, smallChannelId, { limit: 50, ...resolved }));
    expect(pageIndexes(plan)).toEqual(['messages_channel_id_id_idx']);
    // The messages are read in index order (what is sorted afterwards is the page's 50 rows), under
    // a one-time filter: a closed gate stops the scan before it reads a row, not after each row.
    const page = plan.find((n) => n['Subplan Name'] === 'CTE page');
    expect(page && nodes(page).map((n) => n['Node Type'])).toEqual(['Limit', 'Result', 'Index Scan']);
    expect(page && nodes(page)[1]?.['One-Time Filter']).toEqual(expect.any(String));
  });

  it.each([
    ['the newest page', 'pageJsonAs', {}],
    ['a page back', 'pageJsonAs', { before: 'NEWEST' }],
  ] as const)('reads %s of a small channel through (channel_id, id) under the generic plan of a prepared %s', async (_name, method, cursor) => {
    const resolved = await inSmallChannel(cursor);
    queries.length = 0;
    await createKyselyStores(logged).messages[method]({ userId: viewer, sessionId: freshId() }, smallChannelId, { limit: 50, ...resolved });
    const query = queries.at(-1);
    if (!query) throw new Error('no query was logged');
    const plan = await genericPlanOf(database.db, query);
    const page = nodes(plan).find((n) => n['Subplan Name'] === 'CTE page');
    expect(page && nodes(page).map((n) => [n['Node Type'], n['Index Name']])).toEqual([
      ['Limit', undefined],
      ['Result', undefined],
      ['Index Scan', 'messages_channel_id_id_idx'],
    ]);
  });

  it.each([
    ['a small channel among huge ones', 'small'],
    ['the middle of a big channel', 'big'],
  ] as const)('reads the page around a message of %s by the message\'s key and two walks of (channel_id, id) under the generic plan', async (_name, which) => {
    const target = which === 'small' ? smallChannelId : channelId;
    const around = (await sql<{ id: string }>`select id::text from messages where channel_id = ${target} order by id offset 100 limit 1`.execute(database.db)).rows[0]?.id;
    if (!around) throw new Error('no message to centre on');
    queries.length = 0;
    const page = await createKyselyStores(logged).messages.pageAroundJsonAs({ userId: viewer, sessionId: freshId() }, target, { around, limit: 50 });
    expect(page.ok).toBe(false);
    const query = queries.at(-1);
    if (!query) throw new Error('no query was logged');
    const plan = nodes(await genericPlanOf(database.db, query)).find((n) => n['Subplan Name'] === 'CTE page');
    const reads = plan ? nodes(plan).filter((n) => n['Relation Name'] === 'messages' || n['Index Name'] !== undefined) : [];
    expect(reads.map((n) => [n['Node Type'], n['Index Name']])).toEqual([
      ['Index Scan', 'messages_pkey'],
      ['Index Scan', 'messages_channel_id_id_idx'],
      ['Index Scan', 'messages_channel_id_id_idx'],
    ]);
  });
});

describeWithPostgres('the hot statements as the API runs them: prepared on a pool with generic plans', () => {
  let database: TestDatabase;
  let api: ChatDatabase;
  const queries: { sql: string; parameters: readonly unknown[] }[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    api = openPostgres({ url: database.url, poolSize: 1, genericPlans: true, log: (text, parameters) => queries.push({ sql: text, parameters }) });
  });

  afterAll(async () => {
    await api.destroy();
    await database.drop();
  });

  it('leaves planning to PostgreSQL on a pool opened without genericPlans', async () => {
    expect((await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(database.db)).rows).toEqual([{ plan_cache_mode: 'auto' }]);
    expect((await sql<{ plan_cache_mode: string }>`show plan_cache_mode`.execute(api)).rows).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
  });

  it('prepares pageJsonAs once per connection and plans it once, generically', async () => {
    const stores = createKyselyStores(api);
    const { server, ownerUser } = await aServerWithOwner(stores);
    const actor = await givenActor(stores, ownerUser.id);
    for (let i = 0; i < 8; i++) expect((await stores.messages.pageJsonAs(actor, server.defaultChannelId, { limit: 50 })).ok).toBe(true);

    const statements = await sql<{ name: string; generic: number; custom: number }>`
      select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements`.execute(api);
    // Unmarked queries (the session insert, this look-up) leave no statement behind.
    expect(statements.rows).toEqual([{ name: expect.stringMatching(/^page_json_as_/), generic: 8, custom: 0 }]);
    expect(queries.filter((q) => q.sql.includes('/* prepared: page_json_as */'))).toHaveLength(8);
  });

  it('keeps serving through a migration that changes a returned column type, and prepares afresh on a new connection', async () => {
    const stores = createKyselyStores(api);
    const { server, ownerUser } = await aServerWithOwner(stores);
    const actor = await givenActor(stores, ownerUser.id);
    const { authorId: _authorId, ...message } = aMessage(server.defaultChannelId, ownerUser.id);
    expect((await stores.messages.createAs(actor, message, null)).ok).toBe(true);
    expect((await stores.messages.pageJsonAs(actor, server.defaultChannelId, { limit: 50 })).ok).toBe(true);
    const backend = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(api)).rows[0]?.pid;
    const before = await backend();

    // What a rolling deploy's migration may do while this replica's statements are prepared.
    await sql`alter table users alter column username type varchar(64)`.execute(database.db);

    const page = await stores.messages.pageJsonAs(actor, server.defaultChannelId, { limit: 50 });
    expect(page.ok && (JSON.parse(page.value) as { content: string }[]).map((view) => view.content)).toEqual([message.content]);
    // The connection that held the stale statement is gone; its successor prepares it again.
    expect(await backend()).not.toBe(before);
    expect((await stores.messages.pageJsonAs(actor, server.defaultChannelId, { limit: 50 })).ok).toBe(true);
    const statements = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(api);
    expect(statements.rows).toEqual([{ name: expect.stringMatching(/^page_json_as_/) }]);
  });

  it('checks the session of each send by its primary key, however many sessions there are', async () => {
    // A pool of its own: the batch statement it prepares stays off the connection other tests list.
    const pool = openPostgres({ url: database.url, poolSize: 1, genericPlans: true, log: (text, parameters) => queries.push({ sql: text, parameters }) });
    try {
      const stores = createKyselyStores(pool);
      const { server, ownerUser } = await aServerWithOwner(stores);
      await sql`insert into sessions (id, user_id, created_at) select ${freshId()}::bigint + g, ${ownerUser.id}::bigint, now() from generate_series(1, 50000) g`.execute(database.db);
      await sql`analyze sessions`.execute(database.db);
      const actor = await givenActor(stores, ownerUser.id);
      const sends = [1, 2, 3].map(() => stores.messages.createAs(actor, withoutAuthor(aMessage(server.defaultChannelId, ownerUser.id)), null));
      expect((await Promise.all(sends)).every((sent) => sent.ok)).toBe(true);
      const query = queries.find((q) => q.sql.includes('/* prepared: create_many_as */'));
      if (!query) throw new Error('the sends were not batched');

      const plan = await genericPlanOf(database.db, query);
      const sessionReads = allNodes(plan).filter((n) => n['Relation Name'] === 'sessions').map((n) => [n['Node Type'], n['Index Name']]);
      expect(sessionReads).toEqual([[expect.stringMatching(/^Index (Only )?Scan$/), 'sessions_pkey']]);
    } finally {
      await pool.destroy();
    }
  });
});

/** Parameters written into the text, since EXPLAIN of a prepared statement needs its values. */
function inline(text: string, parameters: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_m, index: string) => {
    const value = parameters[Number(index) - 1];
    if (typeof value === 'number') return String(value);
    return `'${String(value).replaceAll("'", "''")}'`;
  });
}

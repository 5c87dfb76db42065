import { aServerWithOwner, givenUser } from '@chat/domain/testing/contracts';
import { createKyselyStores } from '@chat/postgres';
import { sql } from 'kysely';
import { aLoggedPool, allNodes, genericPlanOf, type PlanNode } from './plan-helpers';
import { describeWithPostgres } from './test-databases';

type Analyzed = PlanNode & { 'Actual Rows'?: number };

/**
 * `ready` lists the presences of the members of the user's servers of up to 1,000 members, and a
 * presence change is told in those only, asked at every identify and change: a server of 20,000
 * is found large having counted 1,001 of its members at most, along an index by server, and never
 * scanned whole.
 */
describeWithPostgres('the large servers among a user’s, for ready and presence fan-out', () => {
  const logged = aLoggedPool();

  it('counts a large server only one past the bound, and a small one whole, along an index', async () => {
    const stores = createKyselyStores(logged.pool());
    const database = logged.database();
    const [large, small] = [await aServerWithOwner(stores), await aServerWithOwner(stores)];
    const member = await givenUser(stores);
    await stores.members.add({ serverId: small.server.id, userId: member.id, joinedAt: new Date() });
    const base = BigInt(member.id) * 10n;
    await sql`insert into users (id, username, email, password_hash, created_at)
      select ${base.toString()}::bigint + g, 'many' || g, 'many' || g || '@example.com', 'x', now() from generate_series(1, 20000) g`.execute(database.db);
    await sql`insert into members (server_id, user_id, joined_at) select ${large.server.id}::bigint, ${base.toString()}::bigint + g, now() from generate_series(1, 20000) g`.execute(database.db);
    // And 5,000 servers of four members, as a real table holds many servers: the statistics are not one server's.
    await sql`insert into servers (id, name, owner_id, default_channel_id, created_at)
      select ${base.toString()}::bigint + 100000 + g, 'small ' || g, ${member.id}::bigint, ${large.server.defaultChannelId}::bigint, now() from generate_series(1, 5000) g`.execute(database.db);
    await sql`insert into members (server_id, user_id, joined_at)
      select ${base.toString()}::bigint + 100000 + g, ${base.toString()}::bigint + (g * 4 + k) % 20000 + 1, now() from generate_series(1, 5000) g, generate_series(0, 3) k`.execute(database.db);
    await sql`analyze`.execute(database.db);

    const ids = await stores.members.serversOver([large.server.id, small.server.id], 1_000);

    expect(ids).toEqual([large.server.id]);
    const query = logged.lastWith('unnest');
    const reads = (allNodes(await genericPlanOf(database.db, query, { analyze: true })) as Analyzed[]).filter((node) => node['Relation Name'] === 'members');
    for (const node of reads) expect(node['Node Type']).toMatch(/^Index (Only )?Scan$/);
    // Rows read in all (EXPLAIN rounds each node's rows per loop): the large server's count stops at
    // 1,001; the small one's two.
    expect(reads.map((node) => (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 0)).reduce((a, b) => a + b)).toBeLessThan(1_010);
  }, 60_000);
});

import { bitsOf } from '@chat/domain';
import { aMessage, aRole, aServerWithOwner, freshId, givenActor, givenChannel, givenMemberOf, withoutAuthor } from '@chat/domain/testing/contracts';
import { createKyselyStores, openPostgres, type ChatDatabase } from '@chat/postgres';
import { sql } from 'kysely';
import { allNodes, genericPlanOf, type PlanNode } from './plan-helpers';
import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

const PERMISSION_TABLES = ['servers', 'roles', 'member_roles', 'channel_overwrites'];

/**
 * The permission check inside the two hot statements reads by primary key only: a member of 20
 * roles in a channel with 10 overwrites costs a few probes, among many servers' roles and overwrites.
 */
describeWithPostgres('the permission gate of the hot statements', () => {
  let database: TestDatabase;
  let pool: ChatDatabase;
  const queries: { sql: string; parameters: readonly unknown[] }[] = [];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    pool = openPostgres({ url: database.url, poolSize: 1, genericPlans: true, log: (text, parameters) => queries.push({ sql: text, parameters }) });
    // 20,000 other servers, each with its default channel (one statement: the key between them is
    // deferred), its owner as a member holding one role, and that role's overwrite in the channel:
    // enough rows, spread as in life, that a scan would show in the plan.
    const { ownerUser } = await aServerWithOwner(createKyselyStores(database.db));
    const base = freshId();
    await sql`with s as (insert into servers (id, name, default_channel_id, owner_id, created_at)
        select ${base}::bigint + 3 * g, 's' || g, ${base}::bigint + 3 * g + 1, ${ownerUser.id}::bigint, now() from generate_series(1, 20000) g returning id)
      insert into channels (id, server_id, name, created_at) select id + 1, id, 'general', now() from s`.execute(database.db);
    await sql`insert into members (server_id, user_id, joined_at) select ${base}::bigint + 3 * g, ${ownerUser.id}::bigint, now() from generate_series(1, 20000) g`.execute(database.db);
    await sql`insert into roles (id, server_id, name, color, position, permissions, created_at)
      select ${base}::bigint + 3 * g + 2, ${base}::bigint + 3 * g, 'r' || g, null, 1, 4, now() from generate_series(1, 20000) g`.execute(database.db);
    await sql`insert into member_roles (server_id, user_id, role_id)
      select ${base}::bigint + 3 * g, ${ownerUser.id}::bigint, ${base}::bigint + 3 * g + 2 from generate_series(1, 20000) g`.execute(database.db);
    await sql`insert into channel_overwrites (channel_id, server_id, target_id, type, allow, deny)
      select ${base}::bigint + 3 * g + 1, ${base}::bigint + 3 * g, ${base}::bigint + 3 * g + 2, 'role', 4, 0 from generate_series(1, 20000) g`.execute(database.db);
    await sql`analyze`.execute(database.db);
  }, 120_000);

  afterAll(async () => {
    await pool.destroy();
    await database.drop();
  });

  /** A member of 20 roles in a channel with 10 overwrites (one of them theirs), who may read and send there. */
  async function aBusyMember() {
    const stores = createKyselyStores(pool);
    const { server } = await aServerWithOwner(stores);
    const channel = await givenChannel(stores, server.id);
    const { user } = await givenMemberOf(stores, server.id);
    const roleIds: string[] = [];
    for (let position = 1; position <= 20; position++) {
      const role = aRole(server.id, position, { permissions: bitsOf(['ADD_REACTIONS']) });
      await stores.roles.create(role);
      await stores.roles.assign(server.id, user.id, role.id);
      roleIds.push(role.id);
    }
    await stores.channels.setOverwrite(channel.id, { id: server.id, type: 'role', allow: 0, deny: bitsOf(['VIEW_CHANNEL']) });
    for (const id of roleIds.slice(0, 8)) await stores.channels.setOverwrite(channel.id, { id, type: 'role', allow: bitsOf(['VIEW_CHANNEL']), deny: 0 });
    await stores.channels.setOverwrite(channel.id, { id: user.id, type: 'member', allow: bitsOf(['SEND_MESSAGES']), deny: 0 });
    return { stores, channel, user, actor: await givenActor(stores, user.id) };
  }

  async function planOfLast(marker: string): Promise<PlanNode[]> {
    const query = queries.filter((q) => q.sql.includes(`/* prepared: ${marker} */`)).at(-1);
    if (!query) throw new Error(`no ${marker} statement was logged`);
    return allNodes(await genericPlanOf(database.db, query));
  }

  const permissionReads = (plan: PlanNode[]) =>
    plan.filter((n) => PERMISSION_TABLES.includes(n['Relation Name'] ?? '')).map((n) => [n['Relation Name'], n['Node Type'], n['Index Name']]);

  it('pages and sends for a member of 20 roles in a channel with 10 overwrites, reading them by primary key', async () => {
    const { stores, channel, actor } = await aBusyMember();
    expect((await stores.messages.createAs(actor, withoutAuthor(aMessage(channel.id, actor.userId)), null)).ok).toBe(true);
    expect((await stores.messages.pageJsonAs(actor, channel.id, { limit: 50 })).ok).toBe(true);

    for (const marker of ['page_json_as', 'create_as']) {
      const reads = permissionReads(await planOfLast(marker));
      expect([...new Set(reads.map(([relation]) => relation))].sort()).toEqual([...PERMISSION_TABLES].sort());
      for (const [relation, node, index] of reads) {
        // A primary key, or roles' route key (server_id, id): each read names the route (docs/sharding.md).
        expect([relation, node, index]).toEqual([relation, expect.stringMatching(/^Index (Only )?Scan$/), expect.stringMatching(/_pkey$|^roles_route_key$|^channels_server_id_idx$/)]);
      }
    }
    // That the page still walks (channel_id, id) under a one-time filter is message-page-plan.test.ts's to show, on 220k messages.
  });
});

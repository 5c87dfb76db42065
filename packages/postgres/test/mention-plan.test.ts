import { mentionsIn, newMessage } from '@chat/domain';
import { aRole, aServerWithOwner, at, freshId, givenActor, givenChannel, givenMemberOf, givenUser } from '@chat/domain/testing/contracts';
import { createKyselyStores } from '@chat/postgres';
import { aLoggedPool, allNodes, genericPlanOf, type PlanNode } from './plan-helpers';
import { describeWithPostgres } from './test-databases';

/**
 * A send works its mentions out inside its one statement (the `kept` CTE): a send that mentions
 * nobody reads nothing more for them, and one that does reads each mentioned user's and role's
 * rows by key.
 */
describeWithPostgres('the mentions of a send, in its statement', () => {
  const logged = aLoggedPool();

  /** The nodes of the `kept` CTE in the send's generic plan, run (with a fresh id: the send itself is stored already). */
  async function keptNodesOfSend(content: string): Promise<PlanNode[]> {
    const stores = createKyselyStores(logged.pool());
    const { server, ownerUser } = await aServerWithOwner(stores);
    const channel = await givenChannel(stores, server.id);
    const members = [(await givenMemberOf(stores, server.id)).user, (await givenMemberOf(stores, server.id)).user];
    const role = aRole(server.id, 1);
    await stores.roles.create(role);
    const stranger = await givenUser(stores);
    const filled = content.replace('$members', members.map((m) => `<@${m.id}>`).join(' ')).replace('$stranger', `<@${stranger.id}>`).replace('$role', `<@&${role.id}>`);
    const id = freshId();
    const sent = await stores.messages.createAs(await givenActor(stores, ownerUser.id), newMessage({ id, channelId: channel.id, content: filled, createdAt: at() }, mentionsIn(filled)), null);
    expect(sent.ok).toBe(true);

    const query = logged.lastOf('create_as');
    const plan = await genericPlanOf(logged.database().db, { sql: query.sql, parameters: query.parameters.map((value) => (value === id ? freshId() : value)) }, { analyze: true });
    const kept = allNodes(plan).find((node) => node['Subplan Name'] === 'CTE kept');
    if (!kept) throw new Error('the send has no kept CTE');
    return allNodes(kept);
  }

  const reads = (nodes: PlanNode[]) => nodes.filter((node) => node['Relation Name'] !== undefined);

  it('reads nothing for a send that mentions nobody', async () => {
    const nodes = await keptNodesOfSend('hello, nobody');

    expect(reads(nodes).length).toBeGreaterThan(0);
    expect(reads(nodes).map((node) => [node['Relation Name'], node['Actual Loops']])).toEqual(reads(nodes).map((node) => [node['Relation Name'], 0]));
  });

  it('reads each mentioned user and role by key', async () => {
    const nodes = await keptNodesOfSend('$members $stranger $role @everyone');

    const ran = nodes.filter((node) => (node['Actual Loops'] ?? 0) > 0);
    // Not `conversation_recipients`: its read names the route and the channel, which differ in a
    // server's channel, so PostgreSQL never runs it (a one-time filter).
    expect(new Set(reads(ran).map((node) => node['Relation Name']))).toEqual(new Set(['channels', 'members', 'servers', 'roles', 'member_roles', 'channel_overwrites']));
    // By an index scan or a bitmap of one (the roles held, `= any(...)`), of a primary key, or of a
    // route's key: roles' (server_id, id), channels' (server_id, id) index (each read names the route).
    for (const node of reads(ran)) expect([node['Relation Name'], node['Node Type']]).toEqual([node['Relation Name'], expect.stringMatching(/^(Index (Only )?Scan|Bitmap Heap Scan)$/)]);
    for (const node of ran.filter((n) => n['Index Name'] !== undefined)) expect(node['Index Name']).toMatch(/_pkey$|^roles_route_key$|^channels_server_id_idx$/);
  });
});

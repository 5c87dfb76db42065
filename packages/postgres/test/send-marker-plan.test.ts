import { newMessage } from '@chat/domain';
import { aServerWithOwner, at, freshId, givenActor, givenMemberOf } from '@chat/domain/testing/contracts';
import { createKyselyStores } from '@chat/postgres';
import { aLoggedPool, allNodes, genericPlanOf, type PlanNode } from './plan-helpers';
import { describeWithPostgres } from './test-databases';

type WalNode = PlanNode & { 'Tuples Inserted'?: number; 'Conflicting Tuples'?: number };

/**
 * A send moves its author's read marker in its own statement. Where the marker exists (every send
 * but the first), a plain update by the primary key moves it, in one write: no upsert, which locked
 * the row (a WAL record of its own) before writing its new version. The update walks the marks in
 * their order (a nested loop from them), so batches lock shared markers in one order.
 */
describeWithPostgres('the read marker a send moves, in its statement', () => {
  const logged = aLoggedPool();

  /**
   * The statement of a send (`create_as`) or of the sends of one turn (`create_many_as`, three
   * authors) as the API prepares it, run again for fresh messages (rolled back), the markers there already.
   */
  async function planOfLaterSends(mark: 'create_as' | 'create_many_as'): Promise<WalNode> {
    const stores = createKyselyStores(logged.pool());
    const { server, ownerUser } = await aServerWithOwner(stores);
    const actors = [await givenActor(stores, ownerUser.id)];
    for (let i = 0; i < 2; i++) actors.push(await givenActor(stores, (await givenMemberOf(stores, server.id)).user.id));
    const authors = mark === 'create_as' ? actors.slice(0, 1) : actors;
    const sendAll = () => Promise.all(authors.map((actor) => stores.messages.createAs(actor, newMessage({ id: freshId(), channelId: server.defaultChannelId, content: 'hello', createdAt: at() }), null)));
    expect((await sendAll()).every((sent) => sent.ok)).toBe(true);
    const before = freshId();
    expect((await sendAll()).every((sent) => sent.ok)).toBe(true);

    const query = logged.lastOf(mark);
    // The messages' ids (made after `before`; every other id is older), fresh: those are stored already.
    const fresh = (value: unknown): unknown => (typeof value === 'string' && /^[0-9]+$/.test(value) && BigInt(value) > BigInt(before) ? freshId() : value);
    const parameters = query.parameters.map((value) => (Array.isArray(value) ? value.map(fresh) : fresh(value)));
    return genericPlanOf(logged.database().db, { sql: query.sql, parameters }, { analyze: true, buffers: true, wal: true });
  }

  const cte = (plan: PlanNode, name: string): WalNode[] => {
    const node = allNodes(plan).find((n) => n['Subplan Name'] === `CTE ${name}`);
    if (!node) throw new Error(`no CTE ${name}`);
    return allNodes(node);
  };

  it.each([
    ['a send', 'create_as', 1],
    ['the sends of one turn', 'create_many_as', 3],
  ] as const)('%s: moves each existing marker by one update of its row, found by the primary key from the marks in order, and inserts nothing', async (_, mark, markers) => {
    const plan = await planOfLaterSends(mark);

    const moved = cte(plan, 'moved');
    expect(moved[0]).toMatchObject({ 'Node Type': 'ModifyTable', Operation: 'Update', 'Relation Name': 'read_states', 'Actual Rows': markers, 'WAL Records': markers });
    const loop = moved.find((n) => n['Node Type'] === 'Nested Loop');
    expect(loop?.Plans?.map((n) => [n['Node Type'], n['Index Name'] ?? null])).toEqual([
      ['CTE Scan', null],
      ['Index Scan', 'read_states_pkey'],
    ]);
    expect(cte(plan, 'marked')[0]).toMatchObject({ Operation: 'Insert', 'Tuples Inserted': 0, 'Conflicting Tuples': 0 });
  });
});

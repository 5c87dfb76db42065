import { newMessage } from '@chat/domain';
import { aServerWithOwner, at, freshId, givenActor } from '@chat/domain/testing/contracts';
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

  /** The send's statement as the API prepares it, run again for a fresh message (rolled back), its marker existing already. */
  async function planOfSecondSend(): Promise<WalNode> {
    const stores = createKyselyStores(logged.pool());
    const { server, ownerUser } = await aServerWithOwner(stores);
    const actor = await givenActor(stores, ownerUser.id);
    const send = (id: string) => stores.messages.createAs(actor, newMessage({ id, channelId: server.defaultChannelId, content: 'hello', createdAt: at() }), null);
    const first = freshId();
    expect((await send(first)).ok).toBe(true);
    expect((await send(freshId())).ok).toBe(true);

    const query = logged.lastOf('create_as');
    const id = query.parameters.find((value) => typeof value === 'string' && BigInt(value) > BigInt(first));
    return genericPlanOf(logged.database().db, { sql: query.sql, parameters: query.parameters.map((value) => (value === id ? freshId() : value)) }, { analyze: true, buffers: true, wal: true });
  }

  const cte = (plan: PlanNode, name: string): WalNode[] => {
    const node = allNodes(plan).find((n) => n['Subplan Name'] === `CTE ${name}`);
    if (!node) throw new Error(`no CTE ${name}`);
    return allNodes(node);
  };

  it('moves an existing marker by one update of its row, found by the primary key from the marks, and inserts nothing', async () => {
    const plan = await planOfSecondSend();

    const moved = cte(plan, 'moved');
    expect(moved[0]).toMatchObject({ 'Node Type': 'ModifyTable', Operation: 'Update', 'Relation Name': 'read_states', 'Actual Rows': 1, 'WAL Records': 1 });
    const loop = moved.find((n) => n['Node Type'] === 'Nested Loop');
    expect(loop?.Plans?.map((n) => [n['Node Type'], n['Index Name'] ?? null])).toEqual([
      ['CTE Scan', null],
      ['Index Scan', 'read_states_pkey'],
    ]);
    const marked = cte(plan, 'marked')[0];
    expect(marked).toMatchObject({ Operation: 'Insert', 'Tuples Inserted': 0, 'Conflicting Tuples': 0 });
  });
});

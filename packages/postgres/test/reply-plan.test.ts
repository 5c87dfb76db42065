import { newMessage } from '@chat/domain';
import { aServerWithOwner, at, freshId, givenActor, givenMessage } from '@chat/domain/testing/contracts';
import { createKyselyStores } from '@chat/postgres';
import { aLoggedPool, allNodes, genericPlanOf, type PlanNode } from './plan-helpers';
import { describeWithPostgres } from './test-databases';

/**
 * What a reply costs where it is read: a page reads each answered message by its key, once per
 * reply on it, and a page without replies reads none (so it costs what it did before replies): its
 * probes with a null key read no page of the index. A send that answers nothing does not probe.
 */
describeWithPostgres('replies in the page and the send statements', () => {
  const logged = aLoggedPool();

  /** The page's statement run again under its generic plan, as the API runs it: its reads of `messages` outside the `page` CTE. */
  async function answeredReads(replies: number): Promise<PlanNode[]> {
    const stores = createKyselyStores(logged.pool());
    const { server, ownerUser } = await aServerWithOwner(stores);
    const channelId = server.defaultChannelId;
    const asked = await givenMessage(stores, channelId, ownerUser.id);
    for (let i = 0; i < 10; i++) await givenMessage(stores, channelId, ownerUser.id, { replyTo: i < replies ? asked.id : null });
    const actor = await givenActor(stores, ownerUser.id);
    expect((await stores.messages.pageJsonAs(actor, channelId, { limit: 50 })).ok).toBe(true);

    const plan = await genericPlanOf(logged.database().db, logged.lastOf('page_json_as'), { analyze: true, buffers: true });
    const inPage = new Set(allNodes(allNodes(plan).find((node) => node['Subplan Name'] === 'CTE page')!));
    return allNodes(plan).filter((node) => !inPage.has(node) && node['Relation Name'] === 'messages');
  }

  it('reads no answered message for a page without replies', async () => {
    const reads = await answeredReads(0);

    expect(reads.map((node) => [node['Index Name'], node['Actual Rows'], node['Shared Hit Blocks'], node['Shared Read Blocks']])).toEqual([['messages_pkey', 0, 0, 0]]);
  });

  it('reads each answered message of a page by its key, once per reply', async () => {
    const reads = await answeredReads(3);

    // A probe for each of the 11 messages, three of which find theirs (0 rows a run, on average).
    expect(reads.map((node) => [node['Index Name'], node['Actual Loops'], node['Actual Rows']])).toEqual([['messages_pkey', 11, 0]]);
    expect(reads[0]!['Shared Hit Blocks']).toBeGreaterThan(0);
  });

  it('reads the answered message of a reply by its key in the send, and none for a send that answers nothing', async () => {
    const stores = createKyselyStores(logged.pool());
    const { server, ownerUser } = await aServerWithOwner(stores);
    const asked = await givenMessage(stores, server.defaultChannelId, ownerUser.id);
    const actor = await givenActor(stores, ownerUser.id);
    const readsOf = async (replyTo: string | null) => {
      const id = freshId();
      expect((await stores.messages.createAs(actor, newMessage({ id, channelId: server.defaultChannelId, content: 'hi', createdAt: at(), replyTo }), null)).ok).toBe(true);
      const query = logged.lastOf('create_as');
      const plan = await genericPlanOf(logged.database().db, { sql: query.sql, parameters: query.parameters.map((value) => (value === id ? freshId() : value)) }, { analyze: true });
      return allNodes(plan)
        .filter((node) => node['Relation Name'] === 'messages' && node['Node Type'] !== 'ModifyTable')
        .map((node) => [node['Node Type'], node['Actual Loops'], node['Actual Rows']]);
    };

    expect(await readsOf(null)).toEqual([['Index Scan', 0, 0]]);
    expect(await readsOf(asked.id)).toEqual([['Index Scan', 1, 1]]);
  });
});

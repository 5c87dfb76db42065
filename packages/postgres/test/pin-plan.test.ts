import { MAX_PINS } from '@chat/domain';
import { aServerWithOwner, at, givenActor, givenMessage } from '@chat/domain/testing/contracts';
import { createKyselyStores } from '@chat/postgres';
import { sql } from 'kysely';
import { aLoggedPool, allNodes, analyzedPlanOf } from './plan-helpers';
import { describeWithPostgres } from './test-databases';

/**
 * The pins' list reads the channel's pinned messages alone, in the partial index's order: a channel
 * with many messages and a few pins reads those few, and sorts nothing.
 */
describeWithPostgres('the pins list in its statement', () => {
  const logged = aLoggedPool();

  it('reads the pinned messages through messages_pinned_idx, without a sort', async () => {
    const stores = createKyselyStores(logged.pool());
    const { server, ownerUser } = await aServerWithOwner(stores);
    const channelId = server.defaultChannelId;
    await sql`insert into messages (id, channel_id, route_id, author_id, content, created_at)
      select ${channelId}::bigint + g, ${channelId}::bigint, (select c.server_id from channels c where c.id = ${channelId}::bigint), ${ownerUser.id}::bigint, 'message ' || g, now()
      from generate_series(1, 20000) g`.execute(logged.database().db);
    const pinned = [await givenMessage(stores, channelId, ownerUser.id), await givenMessage(stores, channelId, ownerUser.id)];
    for (const [i, m] of pinned.entries()) expect(await stores.messages.pin(channelId, m.id, at(i), MAX_PINS)).toBe('pinned');
    await sql`analyze messages`.execute(logged.database().db);

    expect((await stores.messages.pinsJsonAs(await givenActor(stores, ownerUser.id), channelId)).ok).toBe(true);

    const plan = allNodes(await analyzedPlanOf(logged.database().db, logged.lastWith('m.pinned_at is not null')));
    const reads = plan.filter((node) => node['Relation Name'] === 'messages');
    expect(reads.map((node) => [node['Node Type'], node['Index Name'], node['Actual Rows']])).toContainEqual(['Index Scan', 'messages_pinned_idx', 2]);
    expect(reads.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(plan.filter((node) => node['Node Type'] === 'Sort' && (node.Plans ?? []).some((child) => child['Relation Name'] === 'messages'))).toEqual([]);
  });
});

import { ID_EPOCH_MS, UNREAD_COUNT_CAP } from '@chat/domain';
import { aServerWithOwner, freshId, givenMemberOf } from '@chat/domain/testing/contracts';
import { createKyselyStores } from '@chat/postgres';
import { sql } from 'kysely';
import { aLoggedPool, allNodes, analyzedPlanOf } from './plan-helpers';
import { describeWithPostgres } from './test-databases';

const BEHIND = 5_000;
const MENTIONS = 10;

/**
 * A reader far behind in a channel costs a bounded read: the unread count stops at the cap, and the
 * mention count reads only the mentioning messages (the partial index), whatever the channel holds.
 */
describeWithPostgres('read-state counts, bounded however far behind', () => {
  const { database, pool, lastWith } = aLoggedPool();

  it(`reads at most ${UNREAD_COUNT_CAP} messages to count, and only the mentioning ones for mentions`, async () => {
    const stores = createKyselyStores(pool());
    const { server, defaultChannel, ownerUser } = await aServerWithOwner(stores);
    const { user: reader } = await givenMemberOf(stores, server.id, new Date(ID_EPOCH_MS));
    const base = freshId();
    await sql`insert into messages (id, channel_id, route_id, author_id, content, created_at, mention_everyone)
      select ${base}::bigint + g, ${defaultChannel.id}::bigint, (select c.server_id from channels c where c.id = ${defaultChannel.id}::bigint), ${ownerUser.id}::bigint, 'm' || g, now(), g % ${BEHIND / MENTIONS} = 0
      from generate_series(1, ${BEHIND}) g`.execute(database().db);
    await sql`analyze messages`.execute(database().db);

    expect(await stores.readStates.list(reader.id)).toEqual([
      { channelId: defaultChannel.id, serverId: server.id, lastReadMessageId: null, unreadCount: UNREAD_COUNT_CAP, mentionCount: MENTIONS },
    ]);

    const plan = allNodes(await analyzedPlanOf(database().db, lastWith('read_states')));
    const reads = plan.filter((node) => node['Relation Name'] === 'messages');
    // The newest message, the unread count's walk, and the mentioning messages: each read once, by index.
    expect(reads.map((node) => [node['Index Name'], node['Actual Rows']])).toEqual([
      ['messages_channel_id_id_idx', 1],
      ['messages_channel_id_id_idx', UNREAD_COUNT_CAP],
      ['messages_mentioning_idx', MENTIONS],
    ]);
  });
});

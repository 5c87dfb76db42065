import { expectOk } from '@chat/domain/testing';
import { GatewayClient, type Frame } from './gateway-client';
import { aUser, aWorldGatewayPerTest, joined, type Harness } from './world-gateway';

/*
 * Read states through one in-process gateway over the in-memory world (see `startWorldGateway`):
 * `ready` carries them, and a marker moved over REST reaches every socket of its user, no one else's.
 */

const readUpdates = (client: GatewayClient): Frame[] => client.dispatches().filter((f) => f.t === 'read_state.updated');
const isMarker = (f: Frame) => f.t === 'message.created' && f.d?.content === 'marker';

describe('read states through the gateway (in process, in-memory world)', () => {
  const gateway = aWorldGatewayPerTest();
  let h: Harness;
  beforeEach(() => {
    h = gateway.harness();
  });
  const connect = gateway.identify;

  it('gives ready the unread counts, and a mark to every socket of its user (its data without the user), to no one else', async () => {
    const { world } = h;
    const ann = await aUser(world, 'ann');
    const bob = await aUser(world, 'bob');
    const server = await world.aServer(bob.actor, 'Book club');
    await joined(world, ann.actor, server.id, bob.actor);
    const channelId = server.defaultChannelId;
    expectOk(await world.sendMessage.execute(bob.actor, channelId, { content: 'one' }));
    const last = expectOk(await world.sendMessage.execute(bob.actor, channelId, { content: 'two' }));
    h.deliver();

    const [laptop, phone, other] = await Promise.all([connect(ann.token), connect(ann.token), connect(bob.token)]);
    expect(laptop.ready.d.readStates).toEqual([{ channelId, serverId: server.id, lastReadMessageId: null, unreadCount: 2, mentionCount: 0 }]);
    expect(other.ready.d.readStates).toEqual([]);

    expectOk(await world.markRead.execute(ann.actor, channelId, { messageId: last.message.id }));
    expectOk(await world.sendMessage.execute(bob.actor, channelId, { content: 'marker' }));
    h.deliver();
    await Promise.all([laptop, phone, other].map(({ client }) => client.next(isMarker, 5_000, 'the marker')));

    for (const { client } of [laptop, phone]) {
      expect(readUpdates(client)).toEqual([{ op: 'dispatch', t: 'read_state.updated', cursor: expect.any(String), d: { channelId, lastReadMessageId: last.message.id, mentionCount: 0 } }]);
    }
    expect(readUpdates(other.client)).toEqual([]);
    // A new socket starts from the marker: only what came after it is unread.
    expect((await connect(ann.token)).ready.d.readStates).toEqual([{ channelId, serverId: server.id, lastReadMessageId: last.message.id, unreadCount: 1, mentionCount: 0 }]);
  });

  it('replays a mark to a socket of its user that resumes from before it', async () => {
    const { world } = h;
    const ann = await aUser(world, 'ann');
    const bob = await aUser(world, 'bob');
    const server = await world.aServer(bob.actor, 'Book club');
    await joined(world, ann.actor, server.id, bob.actor);
    const sent = expectOk(await world.sendMessage.execute(bob.actor, server.defaultChannelId, { content: 'one' }));
    h.deliver();
    const { client: gone, ready } = await connect(ann.token);
    gone.close();

    expectOk(await world.markRead.execute(ann.actor, server.defaultChannelId, { messageId: sent.message.id }));
    h.deliver();
    const resumed = await gateway.connect();

    const replayed = await resumed.resume(ann.token, ready.d.cursor as string);
    expect(replayed.dispatches.map((f) => [f.t, f.d])).toEqual([['read_state.updated', { channelId: server.defaultChannelId, lastReadMessageId: sent.message.id, mentionCount: 0 }]]);
  });
});

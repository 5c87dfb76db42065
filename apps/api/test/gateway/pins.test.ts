import { expectOk } from '@chat/domain/testing';
import type { Frame } from './gateway-client';
import { aUser, aWorldGatewayPerTest, joined } from './world-gateway';

/*
 * Pins through one in-process gateway over the in-memory world: `message.pinned` and
 * `message.unpinned` reach those who see the channel, never one who does not, and a resume
 * replays them (they go through the event log as every event does).
 */

const pinFrames = (frames: Frame[]) => frames.filter((f) => f.t === 'message.pinned' || f.t === 'message.unpinned').map((f) => [f.t, f.d]);
const isMarker = (f: Frame) => f.t === 'message.created' && f.d?.content === 'marker';

describe('pins through the gateway (in process, in-memory world)', () => {
  const gateway = aWorldGatewayPerTest();
  const connect = gateway.identify;

  it('sends message.pinned and message.unpinned to the members who see the channel', async () => {
    const { world } = gateway.harness();
    const ann = await aUser(world, 'ann');
    const bob = await aUser(world, 'bob');
    const server = await world.aServer(bob.actor, 'Book club');
    await joined(world, ann.actor, server.id, bob.actor);
    const channelId = server.defaultChannelId;
    const said = expectOk(await world.sendMessage.execute(ann.actor, channelId, { content: 'keep this' })).message;
    gateway.harness().deliver();
    const [watcher, pinner] = await Promise.all([connect(ann.token), connect(bob.token)]);

    expectOk(await world.pinMessage.execute(bob.actor, channelId, said.id));
    expectOk(await world.pinMessage.execute(bob.actor, channelId, said.id));
    expectOk(await world.unpinMessage.execute(bob.actor, channelId, said.id));
    expectOk(await world.sendMessage.execute(bob.actor, channelId, { content: 'marker' }));
    gateway.harness().deliver();
    await Promise.all([watcher, pinner].map(({ client }) => client.next(isMarker, 5_000, 'the marker')));

    const data = { channelId, serverId: server.id, messageId: said.id, pinnedBy: bob.actor.userId };
    for (const { client } of [watcher, pinner]) {
      expect(pinFrames(client.dispatches())).toEqual([
        ['message.pinned', data],
        ['message.unpinned', data],
      ]);
    }
  });

  it('replays message.pinned to a socket that resumes from before it', async () => {
    const { world } = gateway.harness();
    const ann = await aUser(world, 'ann');
    const bob = await aUser(world, 'bob');
    const server = await world.aServer(bob.actor, 'Book club');
    await joined(world, ann.actor, server.id, bob.actor);
    const dm = expectOk(await world.openConversation.execute(ann.actor, { recipientIds: [bob.actor.userId] })).conversation;
    const said = expectOk(await world.sendMessage.execute(bob.actor, dm.id, { content: 'the address' })).message;
    gateway.harness().deliver();
    const { client: gone, ready } = await connect(ann.token);
    gone.close();

    expectOk(await world.pinMessage.execute(bob.actor, dm.id, said.id));
    gateway.harness().deliver();
    const resumed = await gateway.connect();

    const replayed = await resumed.resume(ann.token, ready.d.cursor as string);
    expect(pinFrames(replayed.dispatches)).toEqual([['message.pinned', { channelId: dm.id, messageId: said.id, pinnedBy: bob.actor.userId }]]);
  });
});

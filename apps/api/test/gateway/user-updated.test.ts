import { expectOk } from '@chat/domain/testing';
import { GatewayClient, type Frame } from './gateway-client';
import { aUser, aWorldGatewayPerTest, joined, type Harness } from './world-gateway';

/*
 * user.updated through one in-process gateway over the in-memory world (see `startWorldGateway`): the
 * log keeps the user's servers in it, which no frame may carry.
 */

const updates = (client: GatewayClient): Frame[] => client.dispatches().filter((f) => f.t === 'user.updated');
/** A marker every connected member gets after the change: once it arrived, so did anything before it. */
const isMarker = (f: Frame) => f.t === 'message.created' && f.d?.content === 'marker';

describe('user.updated through the gateway (in process, in-memory world)', () => {
  const gateway = aWorldGatewayPerTest();
  let h: Harness;
  beforeEach(() => {
    h = gateway.harness();
  });
  const connect = async (token: string) => (await gateway.identify(token)).client;

  it('reaches a co-member of two servers once, the user on every session, and a stranger not at all; never with the servers', async () => {
    const { world } = h;
    const ann = await aUser(world, 'ann');
    const bob = await aUser(world, 'bob');
    const stranger = await aUser(world, 'stranger');
    const first = await world.aServer(ann.actor, 'First');
    const second = await world.aServer(ann.actor, 'Second');
    const strangers = await world.aServer(stranger.actor, 'Elsewhere');
    await joined(world, bob.actor, first.id, ann.actor);
    await joined(world, bob.actor, second.id, ann.actor);
    h.deliver();
    const [coMember, annLaptop, annPhone, outsider] = await Promise.all([connect(bob.token), connect(ann.token), connect(ann.token), connect(stranger.token)]);

    expectOk(await world.updateAccount.execute(ann.actor, { displayName: 'Ann B.', avatar: 'https://cdn.example.com/ann.png' }));
    expectOk(await world.sendMessage.execute(ann.actor, second.defaultChannelId, { content: 'marker' }));
    expectOk(await world.sendMessage.execute(stranger.actor, strangers.defaultChannelId, { content: 'marker' }));
    h.deliver();
    await Promise.all([coMember, annLaptop, annPhone, outsider].map((client) => client.next(isMarker, 5_000, 'the marker')));

    const data = { id: ann.actor.userId, username: 'ann', displayName: 'Ann B.', avatar: 'https://cdn.example.com/ann.png' };
    for (const client of [coMember, annLaptop, annPhone]) {
      expect(updates(client)).toEqual([{ op: 'dispatch', t: 'user.updated', cursor: expect.any(String), d: data }]);
    }
    expect(updates(outsider)).toEqual([]);
    // A new socket starts from the changed face.
    const later = await gateway.connect();
    expect((await later.identify(ann.token)).d.user).toEqual(data);
  });

  it('replays it once on resume to a co-member of two servers, and not to a stranger', async () => {
    const { world } = h;
    const ann = await aUser(world, 'ann');
    const bob = await aUser(world, 'bob');
    const stranger = await aUser(world, 'stranger');
    const first = await world.aServer(ann.actor, 'First');
    const second = await world.aServer(ann.actor, 'Second');
    await world.aServer(stranger.actor, 'Elsewhere');
    await joined(world, bob.actor, first.id, ann.actor);
    await joined(world, bob.actor, second.id, ann.actor);
    h.deliver();
    // Identified, then gone: each resumes from its ready's cursor, before the change.
    const cursors = await Promise.all(
      [bob, stranger].map(async ({ token }) => {
        const client = await gateway.connect();
        const ready = await client.identify(token);
        client.close();
        return ready.d.cursor as string;
      }),
    );

    expectOk(await world.updateAccount.execute(ann.actor, { displayName: 'Ann B.' }));
    expectOk(await world.sendMessage.execute(ann.actor, first.defaultChannelId, { content: 'after' }));
    h.deliver();

    const resumedBob = await gateway.connect();
    const resumedStranger = await gateway.connect();
    const replayedToBob = await resumedBob.resume(bob.token, cursors[0]!);
    const replayedToStranger = await resumedStranger.resume(stranger.token, cursors[1]!);

    expect(replayedToBob.dispatches.map((f) => [f.t, f.d?.content ?? f.d])).toEqual([
      ['user.updated', { id: ann.actor.userId, username: 'ann', displayName: 'Ann B.', avatar: null }],
      ['message.created', 'after'],
    ]);
    expect(replayedToStranger.dispatches).toEqual([]);
  });
});

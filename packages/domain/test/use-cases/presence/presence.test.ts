import { PRESENCE_FAN_OUT_MEMBERS, type Actor, type GatewaySnapshot, type HeldSockets, type Presence, type Signal } from '@chat/domain';
import { createTestWorld, expectOk, type TestWorld } from '@chat/domain/testing';
import { aServerWithCastAndDm } from '../../helpers';

const TTL = 30_000;
const none = new Map<string, HeldSockets>();
/** One user's sockets on a replica, heard nowhere unless said. */
const one = (userId: string, count = 1, places: string[] = []) => new Map([[userId, { count, places }]]);

const sorted = (presences: readonly Presence[]) => [...presences].sort((x, y) => x.userId.localeCompare(y.userId));

async function snapshotOf(world: TestWorld, actor: Actor): Promise<GatewaySnapshot> {
  const snapshot = await world.history.snapshot(actor, null);
  if (!snapshot) throw new Error('no snapshot');
  return snapshot;
}

describe('presence', () => {
  it('shows a user online from their first socket on any replica to their last, to where they are heard', async () => {
    const { world, member, server, dm, heard } = await aServerWithCastAndDm();
    await world.keepPresence.execute('a', TTL, () => none, true);
    await world.keepPresence.execute('b', TTL, () => none, true);
    const where = [server.id, dm.id];

    const outcomes = [
      await world.connectSocket.execute('a', member.userId, where),
      await world.connectSocket.execute('b', member.userId, where),
      await world.disconnectSocket.execute('a', member.userId, where),
      await world.disconnectSocket.execute('b', member.userId, where),
    ];

    expect(outcomes).toEqual(['done', 'done', 'done', 'done']);
    expect(heard).toEqual([
      { type: 'presence.updated', userId: member.userId, status: 'online', serverIds: where },
      { type: 'presence.updated', userId: member.userId, status: 'offline', serverIds: where },
    ]);
  });

  it('says what a user chose, invisible as offline, only when what others see changes', async () => {
    const { world, member, server, heard } = await aServerWithCastAndDm();
    await world.keepPresence.execute('a', TTL, () => none, true);

    await world.connectSocket.execute('a', member.userId, [server.id], 'dnd');
    await world.setPresence.execute(member.userId, 'dnd', [server.id]);
    await world.setPresence.execute(member.userId, 'invisible', [server.id]);
    await world.setPresence.execute(member.userId, 'idle', [server.id]);
    await world.disconnectSocket.execute('a', member.userId, [server.id]);
    await world.setPresence.execute(member.userId, 'dnd', [server.id]);

    expect(heard.map((s) => (s.type === 'presence.updated' ? s.status : s.type))).toEqual(['dnd', 'offline', 'idle', 'offline']);
  });

  it('reaps a replica that stopped beating, once, telling where its users are heard (their servers and conversations)', async () => {
    const { world, owner, member, server, dm, heard } = await aServerWithCastAndDm();
    await world.keepPresence.execute('dies', TTL, () => one(member.userId, 1), true);
    await world.keepPresence.execute('lives', TTL, () => one(owner.userId, 1), true);
    heard.length = 0;

    world.clock.advance(TTL / 2);
    await world.keepPresence.execute('lives', TTL, () => one(owner.userId, 1), false);
    const early = heard.length;
    world.clock.advance(TTL / 2);
    await world.keepPresence.execute('lives', TTL, () => one(owner.userId, 1), false);
    await world.keepPresence.execute('lives', TTL, () => one(owner.userId, 1), false);

    expect({ early, heard }).toEqual({ early: 0, heard: [{ type: 'presence.updated', userId: member.userId, status: 'offline', serverIds: [server.id, dm.id] }] });
    expect(await world.connectSocket.execute('dies', member.userId, [server.id])).toBe('lost');
  });

  it('lets a reaped replica that still lives enter again, with its sockets: its users are online again', async () => {
    const { world, member, server, dm, heard } = await aServerWithCastAndDm();
    const sockets = one(member.userId, 2);
    await world.keepPresence.execute('slow', TTL, () => sockets, true);
    world.clock.advance(TTL);
    await world.keepPresence.execute('other', TTL, () => none, true);
    heard.length = 0;

    await world.keepPresence.execute('slow', TTL, () => sockets, false);

    expect(heard).toEqual([{ type: 'presence.updated', userId: member.userId, status: 'online', serverIds: [server.id, dm.id] }]);
  });

  it('lists for ready who is present among the members of its servers and the recipients of its conversations, the user excepted', async () => {
    const { world, owner, member, outsider, server } = await aServerWithCastAndDm();
    const [other, quiet] = [await world.aMemberOf(server, owner), await world.aMemberOf(server, owner)];
    await world.keepPresence.execute('a', TTL, () => none, true);
    // Where each is heard, as their connection would say; the owner is found as the conversation's recipient.
    const connected = [[owner, 'idle', []], [member, 'online', [server.id]], [other, 'dnd', [server.id]], [quiet, 'invisible', [server.id]], [outsider, 'online', []]] as const;
    for (const [user, status, places] of connected) await world.connectSocket.execute('a', user.userId, places, status);

    const presences = await world.readPresences.execute(member.userId, await snapshotOf(world, member));

    expect(sorted(presences)).toEqual(sorted([{ userId: owner.userId, status: 'idle' }, { userId: other.userId, status: 'dnd' }]));
  });

  it('lists for ready a member whose connection came to hear in the server after it connected, and not one whose stopped', async () => {
    const { world, owner, member, server } = await aServerWithCastAndDm();
    const [newcomer, leaver] = [await world.aMemberOf(server, owner), await world.aMemberOf(server, owner)];
    await world.keepPresence.execute('a', TTL, () => none, true);
    await world.connectSocket.execute('a', newcomer.userId, []);
    await world.connectSocket.execute('a', leaver.userId, [server.id]);
    const before = await world.readPresences.execute(member.userId, await snapshotOf(world, member));

    await world.movePresence.execute(newcomer.userId, server.id, true);
    await world.movePresence.execute(leaver.userId, server.id, false);

    expect({ before, after: await world.readPresences.execute(member.userId, await snapshotOf(world, member)) }).toEqual({
      before: [{ userId: leaver.userId, status: 'online' }],
      after: [{ userId: newcomer.userId, status: 'online' }],
    });
  });

  it('tells no presence in a server of more than 1,000 members, nor lists it in ready: its conversations still hear and list', async () => {
    const { world, owner, member, server, dm, heard } = await aServerWithCastAndDm();
    for (let i = 0; i < PRESENCE_FAN_OUT_MEMBERS; i++) await world.stores.members.add({ serverId: server.id, userId: `9${i}`, joinedAt: new Date() });
    await world.keepPresence.execute('a', TTL, () => none, true);

    await world.connectSocket.execute('a', member.userId, [server.id, dm.id]);
    await world.connectSocket.execute('a', owner.userId, [server.id], 'idle');
    await world.setPresence.execute(owner.userId, 'dnd', [server.id]);
    const presences = await world.readPresences.execute(member.userId, await snapshotOf(world, member));

    expect({ heard, presences }).toEqual({
      heard: [{ type: 'presence.updated', userId: member.userId, status: 'online', serverIds: [dm.id] }],
      presences: [{ userId: owner.userId, status: 'dnd' }],
    });
  });

  it('tells every server, however large, when the deployment sets no bound (PRESENCE_FAN_OUT_MAX_MEMBERS=0)', async () => {
    const world = createTestWorld(undefined, undefined, undefined, { presenceFanOutMaxMembers: 0 });
    const owner = await world.aUser('owner');
    const server = await world.aServer(owner);
    for (let i = 0; i < PRESENCE_FAN_OUT_MEMBERS; i++) await world.stores.members.add({ serverId: server.id, userId: `9${i}`, joinedAt: new Date() });
    const heard: Signal[] = [];
    world.signals.subscribe((signal) => heard.push(signal));
    await world.keepPresence.execute('a', TTL, () => none, true);

    await world.connectSocket.execute('a', owner.userId, [server.id]);

    expect(heard).toEqual([{ type: 'presence.updated', userId: owner.userId, status: 'online', serverIds: [server.id] }]);
  });

  it('lists in ready only the servers that hear presence.updated, when the deployment bounds fan-out below 1,000', async () => {
    const world = createTestWorld(undefined, undefined, undefined, { presenceFanOutMaxMembers: 2 });
    const owner = await world.aUser('owner');
    const [small, large] = [await world.aServer(owner), await world.aServer(owner)];
    const inSmall = await world.aMemberOf(small, owner);
    const inLarge = await world.aMemberOf(large, owner);
    await world.stores.members.add({ serverId: large.id, userId: '99', joinedAt: new Date() });
    await world.keepPresence.execute('a', TTL, () => none, true);
    await world.connectSocket.execute('a', owner.userId, [small.id, large.id], 'dnd');

    // The small server (2 members) hears the owner's changes, so its ready lists them; the large one (3) does neither.
    expect({
      small: await world.readPresences.execute(inSmall.userId, await snapshotOf(world, inSmall)),
      large: await world.readPresences.execute(inLarge.userId, await snapshotOf(world, inLarge)),
    }).toEqual({ small: [{ userId: owner.userId, status: 'dnd' }], large: [] });
  });

  it('lists members with what they show when asked, offline for those without a socket', async () => {
    const { world, owner, member, server } = await aServerWithCastAndDm();
    await world.keepPresence.execute('a', TTL, () => none, true);
    await world.connectSocket.execute('a', owner.userId, [server.id], 'dnd');

    const listed = expectOk(await world.getMembers.execute(member, server.id, { presence: true }));
    const plain = expectOk(await world.getMembers.execute(member, server.id, {}));

    expect(listed.map((m) => [m.userId, m.status])).toEqual([
      [owner.userId, 'dnd'],
      [member.userId, 'offline'],
    ]);
    expect(plain.map((m) => 'status' in m)).toEqual([false, false]);
  });

  it('announces a newcomer who is online to the server they join, as they show; one offline, or already a member, is not', async () => {
    const { world, owner, outsider, server, heard } = await aServerWithCastAndDm();
    await world.keepPresence.execute('a', TTL, () => none, true);
    await world.connectSocket.execute('a', outsider.userId, [], 'idle');
    const code = expectOk(await world.createInvite.execute(owner, server.id)).code;
    heard.length = 0;

    expectOk(await world.joinByInvite.execute(outsider, code));
    expectOk(await world.joinByInvite.execute(outsider, code));
    const late = await world.aUser('late');
    expectOk(await world.joinByInvite.execute(late, code));

    expect(heard).toEqual([{ type: 'presence.updated', userId: outsider.userId, status: 'idle', serverIds: [server.id] }]);
  });
});

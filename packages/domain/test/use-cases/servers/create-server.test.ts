import { ALL_PERMISSIONS, DEFAULT_CHANNEL_NAME } from '@chat/domain';
import { createTestWorld, expectOk } from '@chat/domain/testing';

async function anOwner() {
  const world = createTestWorld();
  const owner = await world.aUser('owner');
  return { world, owner };
}

describe('CreateServer', () => {
  it('returns the server with a trimmed name, no avatar or banner, unverified, owned by the caller', async () => {
    const { world, owner } = await anOwner();

    const server = expectOk(await world.createServer.execute(owner, { name: '  My server  ' }));

    expect(server).toEqual({
      id: expect.any(String),
      name: 'My server',
      avatar: null,
      banner: null,
      verified: false,
      defaultChannelId: expect.any(String),
      ownerId: owner.userId,
      createdAt: world.clock.now(),
      membersCanInvite: false,
    });
  });

  it('stores the server so members can read it back', async () => {
    const { world, owner } = await anOwner();

    const server = expectOk(await world.createServer.execute(owner, { name: 'My server' }));

    expect(await world.getServer.execute(owner, server.id)).toEqual({ ok: true, value: server });
  });

  it(`creates a default channel named ${DEFAULT_CHANNEL_NAME}`, async () => {
    const { world, owner } = await anOwner();

    const server = expectOk(await world.createServer.execute(owner, { name: 'My server' }));

    expect(expectOk(await world.listChannels.execute(owner, server.id))).toEqual([
      { id: server.defaultChannelId, serverId: server.id, name: 'general', topic: null, position: 0, permissionOverwrites: [], createdAt: world.clock.now(), permissions: ALL_PERMISSIONS },
    ]);
  });

  it('makes the caller its only member', async () => {
    const { world, owner } = await anOwner();

    const server = expectOk(await world.createServer.execute(owner, { name: 'My server' }));

    const members = expectOk(await world.getMembers.execute(owner, server.id, {}));
    expect(members).toEqual([
      { serverId: server.id, userId: owner.userId, joinedAt: world.clock.now(), user: { id: owner.userId, username: 'owner', displayName: null, avatar: null }, roleIds: [] },
    ]);
    expect(expectOk(await world.listMyServers.execute(owner))).toEqual([server]);
  });

  it('lets the owner post in the default channel straight away', async () => {
    const { world, owner } = await anOwner();
    const server = expectOk(await world.createServer.execute(owner, { name: 'My server' }));

    expect((await world.sendMessage.execute(owner, server.defaultChannelId, { content: 'first!' })).ok).toBe(true);
  });

  it('accepts a name of 100 characters', async () => {
    const { world, owner } = await anOwner();

    expect(expectOk(await world.createServer.execute(owner, { name: 'x'.repeat(100) })).name).toHaveLength(100);
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['101 characters', 'x'.repeat(101)],
  ])('returns ValidationFailed for a name that is %s, and creates nothing', async (_case, name) => {
    const { world, owner } = await anOwner();

    const result = await world.createServer.execute(owner, { name });

    expect(result).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'name', message: 'must be 1-100 characters after trimming' }] },
    });
    expect(expectOk(await world.listMyServers.execute(owner))).toEqual([]);
  });
});

import { createTestWorld, expectOk } from '@chat/domain/testing';

describe('ListMyServers', () => {
  it('returns an empty list for a user in no server', async () => {
    const world = createTestWorld();
    const alice = await world.aUser('alice');

    expect(expectOk(await world.listMyServers.execute(alice))).toEqual([]);
  });

  it('returns the servers the user owns, oldest first', async () => {
    const world = createTestWorld();
    const alice = await world.aUser('alice');
    const first = await world.aServer(alice, 'First');
    const second = await world.aServer(alice, 'Second');

    expect(expectOk(await world.listMyServers.execute(alice))).toEqual([first, second]);
  });

  it('includes a server joined through an invite', async () => {
    const world = createTestWorld();
    const owner = await world.aUser('owner');
    const server = await world.aServer(owner);
    const member = await world.aMemberOf(server, owner);

    expect(expectOk(await world.listMyServers.execute(member))).toEqual([server]);
  });

  it('leaves out servers the user does not belong to', async () => {
    const world = createTestWorld();
    const alice = await world.aUser('alice');
    const bob = await world.aUser('bob');
    const mine = await world.aServer(alice, 'Mine');
    await world.aServer(bob, 'Theirs');

    expect(expectOk(await world.listMyServers.execute(alice))).toEqual([mine]);
  });

  it('drops a server once the user has left it', async () => {
    const world = createTestWorld();
    const owner = await world.aUser('owner');
    const server = await world.aServer(owner);
    const member = await world.aMemberOf(server, owner);

    expectOk(await world.leaveServer.execute(member, server.id));

    expect(expectOk(await world.listMyServers.execute(member))).toEqual([]);
  });
});

describe('paging the lists a user can make long', () => {
  it('pages servers by limit and after, in id order; checks both', async () => {
    const world = createTestWorld();
    const alice = await world.aUser('alice');
    const servers = [await world.aServer(alice, 'A'), await world.aServer(alice, 'B'), await world.aServer(alice, 'C')];

    const first = expectOk(await world.listMyServers.execute(alice, { limit: 2 }));
    const rest = expectOk(await world.listMyServers.execute(alice, { limit: 2, after: first[1]!.id }));

    expect([...first, ...rest]).toEqual(servers);
    expect(rest).toHaveLength(1);
    expect(await world.listMyServers.execute(alice, { limit: 0, after: 'x' })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'limit', message: 'must be an integer 1-200' }, { path: 'after', message: 'must be an id' }] },
    });    // Nineteen digits past a 64-bit id, or a leading zero, name no id a store could compare with.
    for (const after of ['9999999999999999999', '007']) {
      expect(await world.listMyServers.execute(alice, { after })).toEqual({
        ok: false,
        error: { kind: 'ValidationFailed', issues: [{ path: 'after', message: 'must be an id' }] },
      });
    }
  });

  it('pages channels and applications the same way', async () => {
    const world = createTestWorld();
    const alice = await world.aUser('alice');
    const server = await world.aServer(alice);
    for (const name of ['two', 'three']) expectOk(await world.createChannel.execute(alice, server.id, { name }));
    for (const name of ['One', 'Two', 'Three']) expectOk(await world.createApplication.execute(alice, { name }));

    const channels = expectOk(await world.listChannels.execute(alice, server.id, { limit: 2 }));
    const moreChannels = expectOk(await world.listChannels.execute(alice, server.id, { after: channels[1]!.id }));
    const apps = expectOk(await world.listApplications.execute(alice, { limit: 1 }));
    const moreApps = expectOk(await world.listApplications.execute(alice, { after: apps[0]!.id }));

    expect([...channels, ...moreChannels].map((c) => c.name)).toEqual(['general', 'two', 'three']);
    expect([...apps, ...moreApps].map((a) => a.name)).toEqual(['One', 'Two', 'Three']);
    expect((await world.listChannels.execute(alice, server.id, { limit: 501 })).ok).toBe(false);
    expect((await world.listApplications.execute(alice, { limit: 101 })).ok).toBe(false);
  });
});

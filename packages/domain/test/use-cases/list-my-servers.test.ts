import { createTestWorld, expectOk } from '@chat/domain/testing';

describe('ListMyServers', () => {
  it('returns an empty list for a user in no server', async () => {
    const world = createTestWorld();
    const alice = await world.aUser('alice');

    expect(await world.listMyServers.execute(alice)).toEqual([]);
  });

  it('returns the servers the user owns, oldest first', async () => {
    const world = createTestWorld();
    const alice = await world.aUser('alice');
    const first = await world.aServer(alice, 'First');
    const second = await world.aServer(alice, 'Second');

    expect(await world.listMyServers.execute(alice)).toEqual([first, second]);
  });

  it('includes a server joined through an invite', async () => {
    const world = createTestWorld();
    const owner = await world.aUser('owner');
    const server = await world.aServer(owner);
    const member = await world.aMemberOf(server, owner);

    expect(await world.listMyServers.execute(member)).toEqual([server]);
  });

  it('leaves out servers the user does not belong to', async () => {
    const world = createTestWorld();
    const alice = await world.aUser('alice');
    const bob = await world.aUser('bob');
    const mine = await world.aServer(alice, 'Mine');
    await world.aServer(bob, 'Theirs');

    expect(await world.listMyServers.execute(alice)).toEqual([mine]);
  });

  it('drops a server once the user has left it', async () => {
    const world = createTestWorld();
    const owner = await world.aUser('owner');
    const server = await world.aServer(owner);
    const member = await world.aMemberOf(server, owner);

    expectOk(await world.leaveServer.execute(member, server.id));

    expect(await world.listMyServers.execute(member)).toEqual([]);
  });
});

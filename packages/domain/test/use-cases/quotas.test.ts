import { DEFAULT_QUOTAS } from '@chat/domain';
import { createTestWorld, expectOk, MemoryState } from '@chat/domain/testing';
import { createMemoryStores } from '@chat/domain/testing';

const small = { serversOwned: 2, channelsPerServer: 3, invitesPerServer: 2, applications: 1, bansPerServer: 2, rolesPerServer: 2, conversationsPerDay: 5, blocks: 2, uploadBytesPerDay: 1000 };
const aWorld = () => {
  const state = new MemoryState();
  return createTestWorld(state, createMemoryStores(state), small);
};

describe('quotas on what a user owns', () => {
  it('defaults to 100 servers, 500 channels and 1000 live invites per server, 25 applications, 10,000 bans per server, 50 conversations opened a day, 1000 blocks, 1 GiB uploaded a day', () => {
    expect(DEFAULT_QUOTAS).toEqual({ serversOwned: 100, channelsPerServer: 500, invitesPerServer: 1000, applications: 25, bansPerServer: 10_000, rolesPerServer: 250, conversationsPerDay: 50, blocks: 1000, uploadBytesPerDay: 1024 ** 3 });
  });

  it('refuses a server beyond the servers one owns; leaving room again lets one more in', async () => {
    const world = aWorld();
    const alice = await world.aUser('alice');
    const first = await world.aServer(alice, 'One');
    await world.aServer(alice, 'Two');

    expect(await world.createServer.execute(alice, { name: 'Three' })).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'serversOwned', max: 2 } });
    expect(expectOk(await world.listMyServers.execute(alice))).toHaveLength(2);
    // Joining other servers does not count: only owning does.
    const bob = await world.aUser('bob');
    expectOk(await world.createServer.execute(bob, { name: "Bob's" }));
    expectOk(await world.deleteServer.execute(alice, first.id));
    expectOk(await world.createServer.execute(alice, { name: 'Three' }));
  });

  it('refuses a channel beyond the channels of a server (the default channel counts)', async () => {
    const world = aWorld();
    const alice = await world.aUser('alice');
    const server = await world.aServer(alice);
    for (const name of ['two', 'three']) expectOk(await world.createChannel.execute(alice, server.id, { name }));

    expect(await world.createChannel.execute(alice, server.id, { name: 'four' })).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'channelsPerServer', max: 3 } });
    expect(expectOk(await world.listChannels.execute(alice, server.id))).toHaveLength(3);
  });

  it('refuses an invite beyond the live invites of a server; expired or revoked ones free room', async () => {
    const world = aWorld();
    const alice = await world.aUser('alice');
    const server = await world.aServer(alice);
    const short = expectOk(await world.createInvite.execute(alice, server.id, { expiresInSeconds: 60 }));
    const kept = expectOk(await world.createInvite.execute(alice, server.id, { expiresInSeconds: null }));

    expect(await world.createInvite.execute(alice, server.id)).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'invitesPerServer', max: 2 } });
    world.clock.advance(60_000);
    expectOk(await world.createInvite.execute(alice, server.id));
    expect((await world.createInvite.execute(alice, server.id)).ok).toBe(false);
    expectOk(await world.revokeInvite.execute(alice, kept.code));
    expectOk(await world.createInvite.execute(alice, server.id));
    expect(short.code).not.toBe(kept.code);
  });

  it('refuses an application beyond the applications one owns', async () => {
    const world = aWorld();
    const alice = await world.aUser('alice');
    expectOk(await world.createApplication.execute(alice, { name: 'First' }));

    expect(await world.createApplication.execute(alice, { name: 'Second' })).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'applications', max: 1 } });
    expect(expectOk(await world.listApplications.execute(alice))).toHaveLength(1);
  });

  it('refuses a ban beyond the bans of a server; banning again is not one more, and lifting one frees room', async () => {
    const world = aWorld();
    const alice = await world.aUser('alice');
    const server = await world.aServer(alice);
    const [bob, carol, dave] = [await world.aUser('bob'), await world.aUser('carol'), await world.aUser('dave')];
    expectOk(await world.banMember.execute(alice, server.id, bob.userId));
    expectOk(await world.banMember.execute(alice, server.id, carol.userId));

    expect(await world.banMember.execute(alice, server.id, dave.userId)).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'bansPerServer', max: 2 } });
    expectOk(await world.banMember.execute(alice, server.id, bob.userId, { reason: 'again' }));
    expectOk(await world.unban.execute(alice, server.id, carol.userId));
    expectOk(await world.banMember.execute(alice, server.id, dave.userId));
    expect(expectOk(await world.listBans.execute(alice, server.id)).map((ban) => ban.userId)).toEqual([bob.userId, dave.userId]);
  });

  it('refuses to hand a server to a member who owns as many as one may; the server stays with its owner', async () => {
    const world = aWorld();
    const alice = await world.aUser('alice');
    const server = await world.aServer(alice, 'Hers');
    const bob = await world.aMemberOf(server, alice);
    await world.aServer(bob, 'One');
    await world.aServer(bob, 'Two');
    const events = world.events().length;

    expect(await world.transferServer.execute(alice, server.id, { userId: bob.userId })).toEqual({
      ok: false,
      error: { kind: 'QuotaExceeded', quota: 'serversOwned', max: 2 },
    });
    expect((await world.stores.servers.findById(server.id))?.ownerId).toBe(alice.userId);
    expect(world.events()).toHaveLength(events);
  });
});

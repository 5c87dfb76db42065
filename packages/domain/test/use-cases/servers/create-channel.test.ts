import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, grant, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('CreateChannel', () => {
  it('creates a channel with a trimmed name, stamped with the clock', async () => {
    const { world, owner, server } = await aServerWithCast();
    world.clock.advance(5_000);

    const channel = expectOk(await world.createChannel.execute(owner, server.id, { name: '  random  ' }));

    expect(channel).toEqual({ id: expect.any(String), serverId: server.id, name: 'random', topic: null, position: 1, permissionOverwrites: [], createdAt: world.clock.now() });
  });

  it('adds the channel to the server’s channel list, where members see it', async () => {
    const { world, owner, member, server } = await aServerWithCast();

    const channel = expectOk(await world.createChannel.execute(owner, server.id, { name: 'random' }));

    expect(expectOk(await world.listChannels.execute(member, server.id))).toContainEqual({ ...channel, permissions: expect.any(Number) });
  });

  it('places each new channel last: its position is the count of channels before it', async () => {
    const { world, owner, server } = await aServerWithCast();

    const positions = [];
    for (const name of ['a', 'b', 'c']) positions.push(expectOk(await world.createChannel.execute(owner, server.id, { name })).position);

    expect(positions).toEqual([1, 2, 3]);
  });

  it('lets a member holding MANAGE_CHANNELS create a channel', async () => {
    const { world, member, server } = await aServerWithCast();
    await grant(world, server, member, ['MANAGE_CHANNELS']);

    expect(expectOk(await world.createChannel.execute(member, server.id, { name: 'theirs' })).name).toBe('theirs');
  });

  it('gives the new channel a usable message history', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const channel = expectOk(await world.createChannel.execute(owner, server.id, { name: 'random' }));

    expectOk(await world.sendMessage.execute(member, channel.id, { content: 'hi' }));

    expect(expectOk(await world.readMessages(owner, channel.id, {})).map((m) => m.content)).toEqual(['hi']);
  });

  it('returns MissingPermission MANAGE_CHANNELS for a plain member, and creates nothing', async () => {
    const { world, owner, member, server } = await aServerWithCast();

    const result = await world.createChannel.execute(member, server.id, { name: 'random' });

    expect(result).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_CHANNELS' } });
    expect(expectOk(await world.listChannels.execute(owner, server.id))).toHaveLength(1);
  });

  it('returns NotAMember for an outsider', async () => {
    const { world, outsider, server } = await aServerWithCast();

    expect(await world.createChannel.execute(outsider, server.id, { name: 'random' })).toEqual({
      ok: false,
      error: { kind: 'NotAMember' },
    });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ServerNotFound for the server id %j', async (serverId) => {
    const { world, owner } = await aServerWithCast();

    expect(await world.createChannel.execute(owner, serverId, { name: 'random' })).toEqual({
      ok: false,
      error: { kind: 'ServerNotFound' },
    });
  });

  it.each([
    ['empty', ''],
    ['only whitespace', ' \t '],
    ['101 characters', 'x'.repeat(101)],
  ])('returns ValidationFailed for a name that is %s', async (_case, name) => {
    const { world, owner, server } = await aServerWithCast();

    const result = await world.createChannel.execute(owner, server.id, { name });

    expect(result).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'name', message: 'must be 1-100 characters after trimming' }] },
    });
    expect(expectOk(await world.listChannels.execute(owner, server.id))).toHaveLength(1);
  });

  it('accepts a name of 100 characters', async () => {
    const { world, owner, server } = await aServerWithCast();

    expect(expectOk(await world.createChannel.execute(owner, server.id, { name: 'x'.repeat(100) })).name).toHaveLength(100);
  });
});

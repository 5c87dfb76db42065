import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('ListChannels', () => {
  it('returns the default channel of a new server', async () => {
    const { world, member, server } = await aServerWithCast();

    expect(await world.listChannels.execute(member, server.id)).toEqual({
      ok: true,
      value: [{ id: server.defaultChannelId, serverId: server.id, name: 'general', createdAt: server.createdAt }],
    });
  });

  it('returns every channel of the server, oldest first', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const random = expectOk(await world.createChannel.execute(owner, server.id, { name: 'random' }));
    const links = expectOk(await world.createChannel.execute(owner, server.id, { name: 'links' }));

    const channels = expectOk(await world.listChannels.execute(member, server.id));

    expect(channels.map((c) => c.id)).toEqual([server.defaultChannelId, random.id, links.id]);
  });

  it('leaves out the channels of other servers', async () => {
    const { world, owner, server } = await aServerWithCast();
    const other = await world.aServer(owner, 'Other');

    const channels = expectOk(await world.listChannels.execute(owner, server.id));

    expect(channels.map((c) => c.id)).toEqual([server.defaultChannelId]);
    expect(channels.map((c) => c.id)).not.toContain(other.defaultChannelId);
  });

  it('returns NotAMember when the caller is not in the server', async () => {
    const { world, outsider, server } = await aServerWithCast();

    expect(await world.listChannels.execute(outsider, server.id)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ServerNotFound for the server id %j', async (serverId) => {
    const { world, owner } = await aServerWithCast();

    expect(await world.listChannels.execute(owner, serverId)).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
  });
});

import { channelDeleted } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aMessage, aServerWithCast, grant, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('DeleteChannel', () => {
  it('deletes a channel with its messages, and records channel.deleted', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const channel = expectOk(await world.createChannel.execute(owner, server.id, { name: 'random' }));
    const message = await aMessage(world, member, channel.id);
    const before = world.events().length;

    expect(await world.deleteChannel.execute(owner, channel.id)).toEqual({ ok: true, value: undefined });

    expect(world.events().slice(before)).toEqual([channelDeleted(server.id, channel.id)]);
    expect(await world.stores.channels.findById(channel.id)).toBeNull();
    expect(await world.stores.messages.findById(message.id)).toBeNull();
    expect(await world.getMessage.execute(member, channel.id, message.id)).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
  });

  it("returns DefaultChannel for the server's default channel, until another is named", async () => {
    const { world, owner, server, channelId } = await aServerWithCast();
    const other = expectOk(await world.createChannel.execute(owner, server.id, { name: 'lobby' }));

    expect(await world.deleteChannel.execute(owner, channelId)).toEqual({ ok: false, error: { kind: 'DefaultChannel' } });
    expect(await world.stores.channels.findById(channelId)).not.toBeNull();

    expectOk(await world.updateServer.execute(owner, server.id, { defaultChannelId: other.id }));
    expect(await world.deleteChannel.execute(owner, channelId)).toEqual({ ok: true, value: undefined });
    expect(await world.deleteChannel.execute(owner, other.id)).toEqual({ ok: false, error: { kind: 'DefaultChannel' } });
  });

  it('lets a member holding MANAGE_CHANNELS do it', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const channel = expectOk(await world.createChannel.execute(owner, server.id, { name: 'random' }));
    await grant(world, server, member, ['MANAGE_CHANNELS']);

    expect(await world.deleteChannel.execute(member, channel.id)).toEqual({ ok: true, value: undefined });
  });

  it('returns MissingPermission for a member without MANAGE_CHANNELS, and deletes nothing', async () => {
    const { world, owner, member, server } = await aServerWithCast();
    const channel = expectOk(await world.createChannel.execute(owner, server.id, { name: 'random' }));

    expect(await world.deleteChannel.execute(member, channel.id)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_CHANNELS' } });
    expect(await world.stores.channels.findById(channel.id)).not.toBeNull();
  });

  it('returns NotAMember for an outsider', async () => {
    const { world, owner, outsider, server } = await aServerWithCast();
    const channel = expectOk(await world.createChannel.execute(owner, server.id, { name: 'random' }));

    expect(await world.deleteChannel.execute(outsider, channel.id)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ChannelNotFound for the channel id %j', async (channelId) => {
    const { world, owner } = await aServerWithCast();

    expect(await world.deleteChannel.execute(owner, channelId)).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
  });
});

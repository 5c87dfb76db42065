import { channelUpdated, type Channel } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, grant, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('UpdateChannel', () => {
  it('renames (trimmed), sets the topic and moves a channel, and records channel.updated', async () => {
    const { world, owner, server, channelId } = await aServerWithCast();
    const before = world.events().length;

    const updated = expectOk(await world.updateChannel.execute(owner, channelId, { name: '  lobby ', topic: 'Say hi ✨', position: 4 }));

    expect(updated).toEqual({ id: channelId, serverId: server.id, name: 'lobby', topic: 'Say hi ✨', position: 4, permissionOverwrites: [], createdAt: server.createdAt });
    expect(world.events().slice(before)).toEqual([channelUpdated(updated as Channel)]);
    expect(await world.stores.channels.findById(channelId)).toEqual(updated);
  });

  it('keeps the fields left out, and clears the topic with null', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    expectOk(await world.updateChannel.execute(owner, channelId, { topic: 'first' }));

    expect(expectOk(await world.updateChannel.execute(owner, channelId, { name: 'renamed' }))).toMatchObject({ topic: 'first' });
    expect(expectOk(await world.updateChannel.execute(owner, channelId, { topic: null }))).toMatchObject({ name: 'renamed', topic: null, position: 0 });
  });

  it('lets a member holding MANAGE_CHANNELS do it', async () => {
    const { world, server, member, channelId } = await aServerWithCast();
    await grant(world, server, member, ['MANAGE_CHANNELS']);

    expect(expectOk(await world.updateChannel.execute(member, channelId, { name: 'theirs' })).name).toBe('theirs');
  });

  it('returns MissingPermission for a member without MANAGE_CHANNELS, and changes nothing', async () => {
    const { world, member, channelId } = await aServerWithCast();

    expect(await world.updateChannel.execute(member, channelId, { name: 'mine' })).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_CHANNELS' } });
    expect((await world.stores.channels.findById(channelId))?.name).toBe('general');
  });

  it('returns NotAMember for an outsider', async () => {
    const { world, outsider, channelId } = await aServerWithCast();

    expect(await world.updateChannel.execute(outsider, channelId, { name: 'x' })).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ChannelNotFound for the channel id %j', async (channelId) => {
    const { world, owner } = await aServerWithCast();

    expect(await world.updateChannel.execute(owner, channelId, { name: 'x' })).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
  });

  it.each([
    [{ topic: 'x'.repeat(1025) }, 'topic', 'must be at most 1024 characters'],
    [{ topic: 'a\u0000b' }, 'topic', 'must be valid Unicode text without NUL characters'],
    [{ position: -1 }, 'position', 'must be an integer from 0 to 2147483647'],
    [{ position: 1.5 }, 'position', 'must be an integer from 0 to 2147483647'],
    [{ name: ' ' }, 'name', 'must be 1-100 characters after trimming'],
    [{}, '', 'must change at least one of name, topic, position'],
  ])('returns ValidationFailed for %j', async (changes, path, message) => {
    const { world, owner, channelId } = await aServerWithCast();

    expect(await world.updateChannel.execute(owner, channelId, changes)).toEqual({ ok: false, error: { kind: 'ValidationFailed', issues: [{ path, message }] } });
  });

  it('accepts a topic of 1024 characters counted as code points', async () => {
    const { world, owner, channelId } = await aServerWithCast();

    expect((expectOk(await world.updateChannel.execute(owner, channelId, { topic: '😀'.repeat(1024) })) as Channel).topic).toHaveLength(2048);
  });
});

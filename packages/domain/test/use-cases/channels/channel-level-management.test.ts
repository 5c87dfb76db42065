import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, grant } from '../../helpers';

describe('managing a channel needs the permission in that channel', () => {
  it('lets a member to whom an overwrite gives MANAGE_CHANNELS there rename that channel, and no other', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const other = expectOk(await world.createChannel.execute(owner, server.id, { name: 'other' }));
    expectOk(await world.setChannelOverwrite.execute(owner, channelId, member.userId, { type: 'member', allow: ['MANAGE_CHANNELS'], deny: [] }));

    expect(expectOk(await world.updateChannel.execute(member, channelId, { name: 'renamed' })).name).toBe('renamed');
    expect(await world.updateChannel.execute(member, other.id, { name: 'nope' })).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_CHANNELS' } });
  });

  it('refuses one who holds it server-wide where an overwrite takes it away, or where they cannot see the channel', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const role = await grant(world, server, member, ['MANAGE_CHANNELS', 'MANAGE_ROLES']);
    const hidden = expectOk(await world.createChannel.execute(owner, server.id, { name: 'hidden' }));
    expectOk(await world.setChannelOverwrite.execute(owner, channelId, role, { type: 'role', allow: [], deny: ['MANAGE_CHANNELS'] }));
    expectOk(await world.setChannelOverwrite.execute(owner, hidden.id, member.userId, { type: 'member', allow: [], deny: ['VIEW_CHANNEL'] }));

    expect(await world.deleteChannel.execute(member, channelId)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_CHANNELS' } });
    expect(await world.updateChannel.execute(member, hidden.id, { name: 'seen' })).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'VIEW_CHANNEL' } });
    const refused = await world.setChannelOverwrite.execute(member, hidden.id, server.id, { type: 'role', allow: [], deny: ['SEND_MESSAGES'] });
    expect(refused).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'VIEW_CHANNEL' } });
  });
});

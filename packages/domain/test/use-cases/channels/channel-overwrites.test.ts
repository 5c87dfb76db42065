import { bitsOf, channelGained, channelLost, channelUpdated } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, grant, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

const VIEW = bitsOf(['VIEW_CHANNEL']);
const SEND = bitsOf(['SEND_MESSAGES']);

describe('SetChannelOverwrite and RemoveChannelOverwrite', () => {
  it("sets a role's and a member's overwrites, replaces one, and records channel.updated each time, with who lost and gained sight", async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const before = world.events().length;

    expectOk(await world.setChannelOverwrite.execute(owner, channelId, server.id, { type: 'role', allow: [], deny: ['VIEW_CHANNEL'] }));
    expectOk(await world.setChannelOverwrite.execute(owner, channelId, member.userId, { type: 'member', allow: ['VIEW_CHANNEL'], deny: [] }));
    expectOk(await world.setChannelOverwrite.execute(owner, channelId, member.userId, { type: 'member', allow: ['SEND_MESSAGES', 'VIEW_CHANNEL'], deny: [] }));

    const channel = await world.stores.channels.findById(channelId);
    expect(channel?.permissionOverwrites).toEqual([
      { id: server.id, type: 'role', allow: 0, deny: VIEW },
      { id: member.userId, type: 'member', allow: VIEW | SEND, deny: 0 },
    ]);
    const events = world.events().slice(before);
    const shut = { ...channel!, permissionOverwrites: [channel!.permissionOverwrites[0]!] };
    const reopened = { ...channel!, permissionOverwrites: [channel!.permissionOverwrites[0]!, { id: member.userId, type: 'member' as const, allow: VIEW, deny: 0 }] };
    // The member loses sight before the change is announced (so they are not sent it), and gains
    // it after (so they get the channel as it is then); the owner sees through every overwrite.
    expect(events).toEqual([
      channelLost(server.id, channelId, member.userId),
      channelUpdated(shut),
      channelUpdated(reopened),
      channelGained(reopened, member.userId),
      channelUpdated(channel!),
    ]);
  });

  it('removes an overwrite (channel.updated), and answers the same when there is none (no event)', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    expectOk(await world.setChannelOverwrite.execute(owner, channelId, server.id, { type: 'role', allow: [], deny: ['VIEW_CHANNEL'] }));
    const before = world.events().length;

    expect(await world.removeChannelOverwrite.execute(owner, channelId, server.id)).toEqual({ ok: true, value: undefined });
    expect(await world.removeChannelOverwrite.execute(owner, channelId, server.id)).toEqual({ ok: true, value: undefined });

    const channel = await world.stores.channels.findById(channelId);
    expect(channel?.permissionOverwrites).toEqual([]);
    expect(world.events().slice(before)).toEqual([channelUpdated(channel!), channelGained(channel!, member.userId)]);
  });

  it.each([
    [{ type: 'role' as const, allow: ['VIEW_CHANNEL', 'FLY'], deny: ['SWIM'] }, [{ path: 'allow.1', message: 'is not a permission' }, { path: 'deny.0', message: 'is not a permission' }]],
    [{ type: 'role' as const, allow: ['VIEW_CHANNEL'], deny: ['VIEW_CHANNEL'] }, [{ path: 'deny', message: 'must not name a permission that allow names too' }]],
  ])('returns ValidationFailed for %j', async (input, issues) => {
    const { world, owner, server, channelId } = await aServerWithCast();

    expect(await world.setChannelOverwrite.execute(owner, channelId, server.id, input)).toEqual({ ok: false, error: { kind: 'ValidationFailed', issues } });
  });

  it('returns ValidationFailed for a target that is not a role or member of this server', async () => {
    const { world, owner, member, outsider, server, channelId } = await aServerWithCast();
    const other = await world.aServer(owner, 'Other');
    const notARole = [{ path: 'targetId', message: 'is not a role of this server' }];
    const notAMember = [{ path: 'targetId', message: 'is not a member of this server' }];
    const set = (targetId: string, type: 'role' | 'member') => world.setChannelOverwrite.execute(owner, channelId, targetId, { type, allow: [], deny: [] });

    expect(await set(other.id, 'role')).toEqual({ ok: false, error: { kind: 'ValidationFailed', issues: notARole } });
    expect(await set(member.userId, 'role')).toEqual({ ok: false, error: { kind: 'ValidationFailed', issues: notARole } });
    expect(await set(MALFORMED_ID, 'role')).toEqual({ ok: false, error: { kind: 'ValidationFailed', issues: notARole } });
    expect(await set(outsider.userId, 'member')).toEqual({ ok: false, error: { kind: 'ValidationFailed', issues: notAMember } });
    expect(await set(server.id, 'member')).toEqual({ ok: false, error: { kind: 'ValidationFailed', issues: notAMember } });
    expect((await world.stores.channels.findById(channelId))?.permissionOverwrites).toEqual([]);
  });

  it('lets a member with MANAGE_ROLES set only permissions they hold (RoleHierarchy otherwise)', async () => {
    const { world, member, server, channelId } = await aServerWithCast();
    await grant(world, server, member, ['MANAGE_ROLES']);

    expectOk(await world.setChannelOverwrite.execute(member, channelId, server.id, { type: 'role', allow: [], deny: ['SEND_MESSAGES'] }));
    expect(await world.setChannelOverwrite.execute(member, channelId, server.id, { type: 'role', allow: [], deny: ['KICK_MEMBERS'] })).toEqual({ ok: false, error: { kind: 'RoleHierarchy' } });
    expect(await world.setChannelOverwrite.execute(member, channelId, server.id, { type: 'role', allow: ['MANAGE_CHANNELS'], deny: [] })).toEqual({ ok: false, error: { kind: 'RoleHierarchy' } });
  });

  it('lets a member with MANAGE_ROLES remove only an overwrite whose permissions they hold', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    await grant(world, server, member, ['MANAGE_ROLES']);
    expectOk(await world.setChannelOverwrite.execute(owner, channelId, server.id, { type: 'role', allow: [], deny: ['BAN_MEMBERS'] }));

    expect(await world.removeChannelOverwrite.execute(member, channelId, server.id)).toEqual({ ok: false, error: { kind: 'RoleHierarchy' } });
    expectOk(await world.setChannelOverwrite.execute(owner, channelId, server.id, { type: 'role', allow: [], deny: ['SEND_MESSAGES'] }));
    expect(await world.removeChannelOverwrite.execute(member, channelId, server.id)).toEqual({ ok: true, value: undefined });
  });

  it('returns MissingPermission MANAGE_ROLES for a plain member, NotAMember for an outsider', async () => {
    const { world, member, outsider, server, channelId } = await aServerWithCast();
    const input = { type: 'role' as const, allow: [], deny: ['SEND_MESSAGES'] };
    const missing = { ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_ROLES' } };

    expect(await world.setChannelOverwrite.execute(member, channelId, server.id, input)).toEqual(missing);
    expect(await world.removeChannelOverwrite.execute(member, channelId, server.id)).toEqual(missing);
    expect(await world.setChannelOverwrite.execute(outsider, channelId, server.id, input)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ChannelNotFound for the channel id %j', async (channelId) => {
    const { world, owner, server } = await aServerWithCast();

    expect(await world.setChannelOverwrite.execute(owner, channelId, server.id, { type: 'role', allow: [], deny: [] })).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
    expect(await world.removeChannelOverwrite.execute(owner, channelId, server.id)).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
  });
});

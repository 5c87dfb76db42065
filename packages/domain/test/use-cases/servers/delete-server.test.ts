import { serverDeleted, serverUpdated, Audience, reactionCleared } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aMessage, aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('DeleteServer', () => {
  it('deletes the server with its channels, messages, members, invites and bans; members get server.deleted', async () => {
    const { world, owner, member, outsider, server, channelId } = await aServerWithCast();
    const message = await aMessage(world, member, channelId);
    expectOk(await world.addReaction.execute(member, channelId, message.id, '👍'));
    const invite = expectOk(await world.createInvite.execute(owner, server.id));
    expectOk(await world.banMember.execute(owner, server.id, outsider.userId, {}));

    expectOk(await world.deleteServer.execute(owner, server.id));

    expect(world.events().at(-1)).toEqual(serverDeleted(server.id));
    expect(await world.getServer.execute(owner, server.id)).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
    expect(expectOk(await world.listMyServers.execute(member))).toEqual([]);
    expect(await world.stores.channels.findWithMembership(channelId, member.userId)).toBeNull();
    expect(await world.stores.messages.findById(message.id)).toBeNull();
    expect(await world.stores.invites.findByCode(invite.code)).toBeNull();
    expect(await world.stores.bans.isBanned(server.id, outsider.userId)).toBe(false);
  });

  it('is the owner’s alone', async () => {
    const { world, member, outsider, server } = await aServerWithCast();

    expect(await world.deleteServer.execute(member, server.id)).toEqual({ ok: false, error: { kind: 'NotTheOwner' } });
    expect(await world.deleteServer.execute(outsider, server.id)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
    expect((await world.getServer.execute(member, server.id)).ok).toBe(true);
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('answers ServerNotFound for %j', async (serverId) => {
    const { world, owner } = await aServerWithCast();

    expect(await world.deleteServer.execute(owner, serverId)).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
  });

  it('is the last event of the server a member’s connection gets', () => {
    const audience = new Audience('2', 's', new Set(['10', '11']));

    expect(audience.admit(serverDeleted('10'), true)).toBe('deliver');
    expect(audience.admit(reactionCleared('10', '20', '100', '👍'), true)).toBe('skip');
    expect(audience.servers()).toEqual(['11']);
    expect(new Audience('3', 's', new Set(['11'])).admit(serverDeleted('10'), true)).toBe('skip');
  });
});

describe('TransferServer', () => {
  it('hands the server to a member, who may then do what owners do; the old owner stays a member', async () => {
    const { world, owner, member, server } = await aServerWithCast();

    const transferred = expectOk(await world.transferServer.execute(owner, server.id, { userId: member.userId }));

    expect(transferred).toEqual({ ...server, ownerId: member.userId });
    expect(world.events().at(-1)).toEqual(serverUpdated(transferred));
    expect(await world.stores.members.find(server.id, owner.userId)).not.toBeNull();
    expect(await world.kickMember.execute(owner, server.id, member.userId)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'KICK_MEMBERS' } });
    expectOk(await world.kickMember.execute(member, server.id, owner.userId));
  });

  it('refuses an outsider, a bot, the owner themself, and anyone but the owner', async () => {
    const { world, owner, member, outsider, server } = await aServerWithCast();
    const bot = await world.aBotIn(server, owner);

    expect(await world.transferServer.execute(owner, server.id, { userId: outsider.userId })).toEqual({ ok: false, error: { kind: 'MemberNotFound' } });
    expect(await world.transferServer.execute(owner, server.id, { userId: MALFORMED_ID })).toEqual({ ok: false, error: { kind: 'MemberNotFound' } });
    expect(await world.transferServer.execute(owner, server.id, { userId: bot.userId })).toEqual({ ok: false, error: { kind: 'BotsCannotDoThis' } });
    expect(await world.transferServer.execute(owner, server.id, { userId: owner.userId })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'userId', message: 'is already the owner' }] },
    });
    expect(await world.transferServer.execute(member, server.id, { userId: outsider.userId })).toEqual({
      ok: false,
      error: { kind: 'NotTheOwner' },
    });
    expect(expectOk(await world.getServer.execute(owner, server.id)).ownerId).toBe(owner.userId);
  });
});

describe('ClearReaction', () => {
  it('takes every reaction of one emoji off the message in one event; others stay', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const message = await aMessage(world, member, channelId);
    for (const actor of [owner, member]) expectOk(await world.addReaction.execute(actor, channelId, message.id, '👍'));
    expectOk(await world.addReaction.execute(member, channelId, message.id, '🎉'));

    expectOk(await world.clearReaction.execute(owner, channelId, message.id, '👍'));

    expect(world.events().at(-1)).toEqual(reactionCleared(server.id, channelId, message.id, '👍'));
    expect((await world.getMessage.execute(owner, channelId, message.id)).ok && expectOk(await world.getMessage.execute(owner, channelId, message.id)).reactions).toEqual([
      { emoji: '🎉', count: 1, reacted: false },
    ]);
    const events = world.events().length;
    expectOk(await world.clearReaction.execute(owner, channelId, message.id, '👍'));
    expect(world.events()).toHaveLength(events);
  });

  it('needs MANAGE_MESSAGES (the owner holds it), and checks the emoji first', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const message = await aMessage(world, member, channelId);

    expect(await world.clearReaction.execute(member, channelId, message.id, '👍')).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_MESSAGES' } });
    expect((await world.clearReaction.execute(owner, channelId, message.id, 'not an emoji')).ok).toBe(false);
    expect(await world.clearReaction.execute(owner, channelId, UNKNOWN_ID, '👍')).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
  });
});

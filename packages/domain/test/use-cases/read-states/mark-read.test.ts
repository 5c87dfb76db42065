import { readStateUpdated } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aMessage, aServerWithCast, MALFORMED_ID, someMessages, UNKNOWN_ID } from '../../helpers';

describe('MarkRead', () => {
  it('marks the channel read up to a message, and tells the user’s sockets with the mentions still after it', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const [first, second] = await someMessages(world, owner, channelId, 3);

    expect(await world.markRead.execute(member, channelId, { messageId: second!.id })).toEqual({ ok: true, value: undefined });

    expect(world.events().at(-1)).toEqual(readStateUpdated(member.userId, channelId, second!.id, 0));
    expect(expectOk(await world.listReadStates.execute(member))).toEqual([{ channelId, serverId: server.id, lastReadMessageId: second!.id, unreadCount: 1, mentionCount: 0 }]);
    // Never backwards, and a mark that moves nothing tells no one.
    const told = world.events().length;
    expect(await world.markRead.execute(member, channelId, { messageId: first!.id })).toEqual({ ok: true, value: undefined });
    expect(await world.markRead.execute(member, channelId, { messageId: second!.id })).toEqual({ ok: true, value: undefined });
    expect(world.events()).toHaveLength(told);
    expect(expectOk(await world.listReadStates.execute(member))[0]?.lastReadMessageId).toBe(second!.id);
  });

  it('tells the mentions still after a marker that is not the newest', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const plain = await aMessage(world, owner, channelId, 'plain');
    await aMessage(world, owner, channelId, `<@${member.userId}> look`);
    await aMessage(world, owner, channelId, '@everyone look');

    expectOk(await world.markRead.execute(member, channelId, { messageId: plain.id }));

    expect(world.events().at(-1)).toEqual(readStateUpdated(member.userId, channelId, plain.id, 2));
  });

  it('marks a direct conversation read for one of its recipients', async () => {
    const { world, owner, member } = await aServerWithCast();
    const dm = expectOk(await world.openConversation.execute(owner, { recipientIds: [member.userId] })).conversation;
    const sent = await aMessage(world, owner, dm.id);
    expect(expectOk(await world.listReadStates.execute(member))).toEqual([{ channelId: dm.id, serverId: null, lastReadMessageId: null, unreadCount: 1, mentionCount: 0 }]);

    expectOk(await world.markRead.execute(member, dm.id, { messageId: sent.id }));

    expect(expectOk(await world.listReadStates.execute(member))).toEqual([]);
    expect(world.events().at(-1)).toEqual(readStateUpdated(member.userId, dm.id, sent.id, 0));
  });

  it('refuses a malformed message id before anything is looked up', async () => {
    const { world, member } = await aServerWithCast();

    for (const messageId of [MALFORMED_ID, '01', '9223372036854775808']) {
      expect(await world.markRead.execute(member, UNKNOWN_ID, { messageId })).toEqual({
        ok: false,
        error: { kind: 'ValidationFailed', issues: [{ path: 'messageId', message: 'must be a message id' }] },
      });
    }
  });

  it('refuses a message of another channel, or none, as not found in this one', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const other = expectOk(await world.createChannel.execute(owner, server.id, { name: 'other' }));
    const elsewhere = await aMessage(world, owner, other.id);

    expect(await world.markRead.execute(member, channelId, { messageId: elsewhere.id })).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
    expect(await world.markRead.execute(member, channelId, { messageId: UNKNOWN_ID })).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
  });

  it('refuses a channel the caller cannot see as the message routes do', async () => {
    const { world, owner, member, outsider, server, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    const hidden = expectOk(
      await world.createChannel.execute(owner, server.id, { name: 'leads', permissionOverwrites: [{ id: server.id, type: 'role', allow: [], deny: ['VIEW_CHANNEL'] }] }),
    );
    const secret = await aMessage(world, owner, hidden.id);
    const dm = expectOk(await world.openConversation.execute(owner, { recipientIds: [member.userId] })).conversation;
    const private_ = await aMessage(world, owner, dm.id);

    expect(await world.markRead.execute(member, UNKNOWN_ID, { messageId: sent.id })).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
    expect(await world.markRead.execute(member, MALFORMED_ID, { messageId: sent.id })).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
    expect(await world.markRead.execute(outsider, channelId, { messageId: sent.id })).toEqual({ ok: false, error: { kind: 'NotAMember' } });
    expect(await world.markRead.execute(member, hidden.id, { messageId: secret.id })).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'VIEW_CHANNEL' } });
    expect(await world.markRead.execute(outsider, dm.id, { messageId: private_.id })).toEqual({ ok: false, error: { kind: 'NotARecipient' } });
    expect(expectOk(await world.listReadStates.execute(outsider))).toEqual([]);
  });
});

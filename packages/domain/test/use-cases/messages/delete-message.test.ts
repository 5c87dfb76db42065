import { expectOk } from '@chat/domain/testing';
import { aMessage, aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('DeleteMessage', () => {
  it('lets the author delete their message, which is then gone', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, member, channelId);

    expect(await world.deleteMessage.execute(member, channelId, sent.id)).toEqual({ ok: true, value: undefined });

    expect(await world.getMessage.execute(owner, channelId, sent.id)).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
    expect(await world.readMessages(owner, channelId, {})).toEqual({ ok: true, value: [] });
  });

  it('lets the server owner delete anyone’s message', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, member, channelId);

    expect(await world.deleteMessage.execute(owner, channelId, sent.id)).toEqual({ ok: true, value: undefined });

    expect(await world.stores.messages.findById(sent.id)).toBeNull();
  });

  it('takes the message’s reactions with it', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, member, channelId);
    expectOk(await world.addReaction.execute(owner, channelId, sent.id, '👍'));
    expectOk(await world.addReaction.execute(member, channelId, sent.id, '👍'));

    expectOk(await world.deleteMessage.execute(member, channelId, sent.id));

    expect(await world.stores.messages.reactionState(sent.channelId, sent.id, '👍', owner.userId)).toEqual({
      messageId: sent.id,
      emoji: '👍',
      count: 0,
      reacted: false,
    });
  });

  it('leaves the other messages of the channel alone', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const kept = await aMessage(world, owner, channelId, 'kept');
    const gone = await aMessage(world, owner, channelId, 'gone');

    expectOk(await world.deleteMessage.execute(owner, channelId, gone.id));

    expect(expectOk(await world.readMessages(owner, channelId, {})).map((m) => m.id)).toEqual([kept.id]);
  });

  it('refuses another plain member (MissingPermission MANAGE_MESSAGES), and keeps the message', async () => {
    const { world, owner, server, member, channelId } = await aServerWithCast();
    const other = await world.aMemberOf(server, owner);
    const sent = await aMessage(world, member, channelId);

    expect(await world.deleteMessage.execute(other, channelId, sent.id)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_MESSAGES' } });

    expect((await world.getMessage.execute(member, channelId, sent.id)).ok).toBe(true);
  });

  it('refuses MANAGE_MESSAGES when a plain member tries to delete the owner’s message', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);

    expect(await world.deleteMessage.execute(member, channelId, sent.id)).toEqual({ ok: false, error: { kind: 'MissingPermission', permission: 'MANAGE_MESSAGES' } });
  });

  it('returns NotAMember for an outsider', async () => {
    const { world, member, outsider, channelId } = await aServerWithCast();
    const sent = await aMessage(world, member, channelId);

    expect(await world.deleteMessage.execute(outsider, channelId, sent.id)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it('returns MessageNotFound when deleting twice', async () => {
    const { world, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, member, channelId);
    expectOk(await world.deleteMessage.execute(member, channelId, sent.id));

    expect(await world.deleteMessage.execute(member, channelId, sent.id)).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
  });

  it('returns MessageNotFound for a message id from another channel, and keeps that message', async () => {
    const { world, owner, server, channelId } = await aServerWithCast();
    const other = expectOk(await world.createChannel.execute(owner, server.id, { name: 'other' }));
    const elsewhere = await aMessage(world, owner, other.id);

    expect(await world.deleteMessage.execute(owner, channelId, elsewhere.id)).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });

    expect((await world.getMessage.execute(owner, other.id, elsewhere.id)).ok).toBe(true);
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns MessageNotFound for the message id %j', async (messageId) => {
    const { world, owner, channelId } = await aServerWithCast();

    expect(await world.deleteMessage.execute(owner, channelId, messageId)).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ChannelNotFound for the channel id %j', async (channelId) => {
    const { world, owner, channelId: realChannel } = await aServerWithCast();
    const sent = await aMessage(world, owner, realChannel);

    expect(await world.deleteMessage.execute(owner, channelId, sent.id)).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
  });
});

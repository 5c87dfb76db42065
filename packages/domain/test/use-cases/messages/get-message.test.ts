import { NO_MENTIONS } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aMessage, aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('GetMessage', () => {
  it('returns the message as the reader sees it', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId, 'hello there');

    expect(await world.getMessage.execute(member, channelId, sent.id)).toEqual({
      ok: true,
      value: {
        id: sent.id,
        channelId,
        content: 'hello there',
        createdAt: world.clock.now(),
        editedAt: null,
        ...NO_MENTIONS,
        attachments: [],
        replyTo: null,
        pinned: false,
        author: { id: owner.userId, username: 'owner', displayName: null, avatar: null },
        reactions: [],
      },
    });
  });

  it('shows the reactions with the reader’s own `reacted` flag', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    expectOk(await world.addReaction.execute(owner, channelId, sent.id, '🎉'));
    expectOk(await world.addReaction.execute(member, channelId, sent.id, '🎉'));
    expectOk(await world.addReaction.execute(owner, channelId, sent.id, '👍'));

    const view = expectOk(await world.getMessage.execute(member, channelId, sent.id));

    expect(view.reactions).toEqual([
      { emoji: '🎉', count: 2, reacted: true },
      { emoji: '👍', count: 1, reacted: false },
    ]);
  });

  it('returns NotAMember when the caller is not in the server', async () => {
    const { world, owner, outsider, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);

    expect(await world.getMessage.execute(outsider, channelId, sent.id)).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ChannelNotFound for the channel id %j', async (channelId) => {
    const { world, owner, channelId: realChannel } = await aServerWithCast();
    const sent = await aMessage(world, owner, realChannel);

    expect(await world.getMessage.execute(owner, channelId, sent.id)).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns MessageNotFound for the message id %j', async (messageId) => {
    const { world, owner, channelId } = await aServerWithCast();

    expect(await world.getMessage.execute(owner, channelId, messageId)).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
  });

  it('returns MessageNotFound for a message of another channel', async () => {
    const { world, owner, server, channelId } = await aServerWithCast();
    const other = expectOk(await world.createChannel.execute(owner, server.id, { name: 'other' }));
    const elsewhere = await aMessage(world, owner, other.id);

    expect(await world.getMessage.execute(owner, channelId, elsewhere.id)).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
  });

  it('returns MessageNotFound once the message is deleted', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    expectOk(await world.deleteMessage.execute(owner, channelId, sent.id));

    expect(await world.getMessage.execute(owner, channelId, sent.id)).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
  });
});

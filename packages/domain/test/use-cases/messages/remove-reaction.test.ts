import { expectOk } from '@chat/domain/testing';
import { aMessage, aServerWithCast, MALFORMED_ID, TWENTY_EMOJI, UNKNOWN_ID } from '../../helpers';

describe('RemoveReaction', () => {
  it('removes the caller’s reaction and returns the decreased count with reacted false', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    expectOk(await world.addReaction.execute(owner, channelId, sent.id, '👍'));
    expectOk(await world.addReaction.execute(member, channelId, sent.id, '👍'));

    expect(await world.removeReaction.execute(member, channelId, sent.id, '👍')).toEqual({
      ok: true,
      value: { messageId: sent.id, emoji: '👍', count: 1, reacted: false },
    });
    expect(expectOk(await world.getMessage.execute(owner, channelId, sent.id)).reactions).toEqual([{ emoji: '👍', count: 1, reacted: true }]);
  });

  it('drops the emoji from the message when the last reaction goes', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    expectOk(await world.addReaction.execute(owner, channelId, sent.id, '👍'));

    expect(expectOk(await world.removeReaction.execute(owner, channelId, sent.id, '👍')).count).toBe(0);

    expect(expectOk(await world.getMessage.execute(owner, channelId, sent.id)).reactions).toEqual([]);
  });

  it('is harmless when the caller has not reacted, leaving others’ reactions alone', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    expectOk(await world.addReaction.execute(owner, channelId, sent.id, '👍'));

    expect(await world.removeReaction.execute(member, channelId, sent.id, '👍')).toEqual({
      ok: true,
      value: { messageId: sent.id, emoji: '👍', count: 1, reacted: false },
    });
  });

  it('is harmless for an emoji nobody used', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);

    expect(await world.removeReaction.execute(owner, channelId, sent.id, '🦄')).toEqual({
      ok: true,
      value: { messageId: sent.id, emoji: '🦄', count: 0, reacted: false },
    });
  });

  it('frees a slot under the distinct-emoji cap', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    for (const emoji of TWENTY_EMOJI) expectOk(await world.addReaction.execute(owner, channelId, sent.id, emoji));
    expectOk(await world.removeReaction.execute(owner, channelId, sent.id, '😀'));

    expect(expectOk(await world.addReaction.execute(owner, channelId, sent.id, '🔥')).count).toBe(1);
  });

  it.each(['ok', '👍👍', ':thumbsup:', '👍 ', ''])('returns ValidationFailed on path "emoji" for %j', async (emoji) => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);

    expect(await world.removeReaction.execute(owner, channelId, sent.id, emoji)).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'emoji', message: 'must be exactly one emoji' }] },
    });
  });

  it('returns NotAMember for an outsider', async () => {
    const { world, owner, outsider, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);

    expect(await world.removeReaction.execute(outsider, channelId, sent.id, '👍')).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it('returns MessageNotFound for a message id from another channel', async () => {
    const { world, owner, server, channelId } = await aServerWithCast();
    const other = expectOk(await world.createChannel.execute(owner, server.id, { name: 'other' }));
    const elsewhere = await aMessage(world, owner, other.id);

    expect(await world.removeReaction.execute(owner, channelId, elsewhere.id, '👍')).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns MessageNotFound for the message id %j', async (messageId) => {
    const { world, owner, channelId } = await aServerWithCast();

    expect(await world.removeReaction.execute(owner, channelId, messageId, '👍')).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ChannelNotFound for the channel id %j', async (channelId) => {
    const { world, owner, channelId: realChannel } = await aServerWithCast();
    const sent = await aMessage(world, owner, realChannel);

    expect(await world.removeReaction.execute(owner, channelId, sent.id, '👍')).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
  });
});

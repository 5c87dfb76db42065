import { MAX_DISTINCT_REACTIONS, MAX_REACTIONS_PER_MESSAGE } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aMessage, aServerWithCast, MALFORMED_ID, TWENTY_EMOJI, UNKNOWN_ID } from '../../helpers';

describe('AddReaction', () => {
  it('returns the reaction state with count 1 and reacted true', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);

    expect(await world.addReaction.execute(member, channelId, sent.id, '👍')).toEqual({
      ok: true,
      value: { messageId: sent.id, emoji: '👍', count: 1, reacted: true },
    });
    expect(expectOk(await world.getMessage.execute(member, channelId, sent.id)).reactions).toEqual([{ emoji: '👍', count: 1, reacted: true }]);
  });

  it('is idempotent: reacting twice keeps the count at 1', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    expectOk(await world.addReaction.execute(member, channelId, sent.id, '👍'));

    expect(expectOk(await world.addReaction.execute(member, channelId, sent.id, '👍'))).toEqual({
      messageId: sent.id,
      emoji: '👍',
      count: 1,
      reacted: true,
    });
    expect(expectOk(await world.getMessage.execute(owner, channelId, sent.id)).reactions).toEqual([{ emoji: '👍', count: 1, reacted: false }]);
  });

  it('counts each reacting user and shows `reacted` per viewer', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const third = await world.aMemberOf(server, owner);
    const sent = await aMessage(world, owner, channelId);
    expectOk(await world.addReaction.execute(owner, channelId, sent.id, '🎉'));

    expect(expectOk(await world.addReaction.execute(member, channelId, sent.id, '🎉')).count).toBe(2);

    expect(expectOk(await world.getMessage.execute(member, channelId, sent.id)).reactions).toEqual([{ emoji: '🎉', count: 2, reacted: true }]);
    expect(expectOk(await world.getMessage.execute(third, channelId, sent.id)).reactions).toEqual([{ emoji: '🎉', count: 2, reacted: false }]);
  });

  it.each([['👍🏽'], ['👨‍👩‍👧‍👦'], ['🇯🇵'], ['1️⃣'], ['🏴󠁧󠁢󠁳󠁣󠁴󠁿'], ['\u{1FAE9}']])('accepts %s', async (emoji) => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);

    expect(expectOk(await world.addReaction.execute(owner, channelId, sent.id, emoji))).toMatchObject({ emoji, count: 1 });
  });

  it(`allows ${MAX_DISTINCT_REACTIONS} distinct emoji and refuses the next distinct one with TooManyReactions`, async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    for (const emoji of TWENTY_EMOJI) expectOk(await world.addReaction.execute(owner, channelId, sent.id, emoji));

    expect(await world.addReaction.execute(member, channelId, sent.id, '🔥')).toEqual({
      ok: false,
      error: { kind: 'TooManyReactions', max: 20 },
    });
    const reactions = expectOk(await world.getMessage.execute(owner, channelId, sent.id)).reactions;
    expect(reactions.map((r) => r.emoji)).toEqual(TWENTY_EMOJI);
  });

  it(`refuses the reaction after ${MAX_REACTIONS_PER_MESSAGE} in all with TooManyReactionsInAll, even of an emoji already there`, async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    // Seeded straight into the store: as many reactors as the cap, each a user of their own.
    for (let i = 0; i < MAX_REACTIONS_PER_MESSAGE; i++) {
      await world.stores.messages.addReaction({ channelId, messageId: sent.id, userId: String(9_000_000 + i), emoji: '👍', createdAt: world.clock.now() }, { distinctEmoji: 20, total: MAX_REACTIONS_PER_MESSAGE });
    }

    expect(await world.addReaction.execute(member, channelId, sent.id, '👍')).toEqual({ ok: false, error: { kind: 'TooManyReactionsInAll', max: MAX_REACTIONS_PER_MESSAGE } });
    expect(expectOk(await world.getMessage.execute(owner, channelId, sent.id)).reactions).toEqual([{ emoji: '👍', count: MAX_REACTIONS_PER_MESSAGE, reacted: false }]);
  });

  it('still accepts an emoji already on a full message', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    for (const emoji of TWENTY_EMOJI) expectOk(await world.addReaction.execute(owner, channelId, sent.id, emoji));

    expect(await world.addReaction.execute(member, channelId, sent.id, '😀')).toEqual({
      ok: true,
      value: { messageId: sent.id, emoji: '😀', count: 2, reacted: true },
    });
  });

  it.each(['ok', '👍👍', ':thumbsup:', '👍 ', ' 👍', ''])('returns ValidationFailed on path "emoji" for %j', async (emoji) => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);

    expect(await world.addReaction.execute(owner, channelId, sent.id, emoji)).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'emoji', message: 'must be exactly one emoji' }] },
    });
    expect(expectOk(await world.getMessage.execute(owner, channelId, sent.id)).reactions).toEqual([]);
  });

  it('returns NotAMember for an outsider', async () => {
    const { world, owner, outsider, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);

    expect(await world.addReaction.execute(outsider, channelId, sent.id, '👍')).toEqual({ ok: false, error: { kind: 'NotAMember' } });
    expect(expectOk(await world.getMessage.execute(owner, channelId, sent.id)).reactions).toEqual([]);
  });

  it('returns MessageNotFound for a message id from another channel', async () => {
    const { world, owner, server, channelId } = await aServerWithCast();
    const other = expectOk(await world.createChannel.execute(owner, server.id, { name: 'other' }));
    const elsewhere = await aMessage(world, owner, other.id);

    expect(await world.addReaction.execute(owner, channelId, elsewhere.id, '👍')).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns MessageNotFound for the message id %j', async (messageId) => {
    const { world, owner, channelId } = await aServerWithCast();

    expect(await world.addReaction.execute(owner, channelId, messageId, '👍')).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ChannelNotFound for the channel id %j', async (channelId) => {
    const { world, owner, channelId: realChannel } = await aServerWithCast();
    const sent = await aMessage(world, owner, realChannel);

    expect(await world.addReaction.execute(owner, channelId, sent.id, '👍')).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
  });
});

import { NO_MENTIONS } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aMessage, aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('EditMessage', () => {
  it('replaces the content and sets editedAt to the clock time, keeping createdAt', async () => {
    const { world, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, member, channelId, 'helo');
    world.clock.advance(90_000);

    const edited = expectOk(await world.editMessage.execute(member, channelId, sent.id, { content: 'hello' }));

    expect(edited).toEqual({
      id: sent.id,
      channelId,
      content: 'hello',
      createdAt: sent.createdAt,
      editedAt: world.clock.now(),
      ...NO_MENTIONS,
      attachments: [],
      replyTo: null,
      pinned: false,
      author: sent.author,
      reactions: [],
    });
    expect(await world.getMessage.execute(member, channelId, sent.id)).toEqual({ ok: true, value: edited });
  });

  it('stores the edit, so other readers see it', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, member, channelId, 'before');
    world.clock.advance(1_000);
    expectOk(await world.editMessage.execute(member, channelId, sent.id, { content: 'after' }));

    const [read] = expectOk(await world.readMessages(owner, channelId, {}));

    expect(read).toMatchObject({ id: sent.id, content: 'after', editedAt: world.clock.now().toISOString() });
  });

  it('moves editedAt forward on a second edit', async () => {
    const { world, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, member, channelId);
    world.clock.advance(1_000);
    expectOk(await world.editMessage.execute(member, channelId, sent.id, { content: 'one' }));
    world.clock.advance(1_000);

    const edited = expectOk(await world.editMessage.execute(member, channelId, sent.id, { content: 'two' }));

    expect(edited.editedAt).toEqual(world.clock.now());
  });

  it('keeps the message’s reactions', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, member, channelId);
    expectOk(await world.addReaction.execute(owner, channelId, sent.id, '👀'));

    const edited = expectOk(await world.editMessage.execute(member, channelId, sent.id, { content: 'edited' }));

    expect(edited.reactions).toEqual([{ emoji: '👀', count: 1, reacted: false }]);
  });

  it.each([
    ['empty', '', 'must be 1-2000 characters'],
    ['2001 characters', 'x'.repeat(2001), 'must be 1-2000 characters'],
    ['only whitespace', '   ', 'must not be only whitespace'],
  ])('returns ValidationFailed for content that is %s, and keeps the old content', async (_case, content, message) => {
    const { world, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, member, channelId, 'original');

    expect(await world.editMessage.execute(member, channelId, sent.id, { content })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'content', message }] },
    });
    expect(expectOk(await world.getMessage.execute(member, channelId, sent.id))).toMatchObject({ content: 'original', editedAt: null });
  });

  it('returns NotTheAuthor for another member, even the server owner, and keeps the content', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await aMessage(world, member, channelId, 'mine');

    expect(await world.editMessage.execute(owner, channelId, sent.id, { content: 'theirs' })).toEqual({
      ok: false,
      error: { kind: 'NotTheAuthor' },
    });
    expect(expectOk(await world.getMessage.execute(member, channelId, sent.id))).toMatchObject({ content: 'mine', editedAt: null });
  });

  it('returns NotAMember for an outsider', async () => {
    const { world, member, outsider, channelId } = await aServerWithCast();
    const sent = await aMessage(world, member, channelId);

    expect(await world.editMessage.execute(outsider, channelId, sent.id, { content: 'x' })).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it('returns NotAMember to an author who has left the server', async () => {
    const { world, member, server, channelId } = await aServerWithCast();
    const sent = await aMessage(world, member, channelId);
    expectOk(await world.leaveServer.execute(member, server.id));

    expect(await world.editMessage.execute(member, channelId, sent.id, { content: 'x' })).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it('returns MessageNotFound for a message id from another channel', async () => {
    const { world, owner, server, channelId } = await aServerWithCast();
    const other = expectOk(await world.createChannel.execute(owner, server.id, { name: 'other' }));
    const elsewhere = await aMessage(world, owner, other.id, 'elsewhere');

    expect(await world.editMessage.execute(owner, channelId, elsewhere.id, { content: 'x' })).toEqual({
      ok: false,
      error: { kind: 'MessageNotFound' },
    });
    expect(expectOk(await world.getMessage.execute(owner, other.id, elsewhere.id)).content).toBe('elsewhere');
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns MessageNotFound for the message id %j', async (messageId) => {
    const { world, owner, channelId } = await aServerWithCast();

    expect(await world.editMessage.execute(owner, channelId, messageId, { content: 'x' })).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
  });

  it('returns MessageNotFound for a deleted message', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);
    expectOk(await world.deleteMessage.execute(owner, channelId, sent.id));

    expect(await world.editMessage.execute(owner, channelId, sent.id, { content: 'x' })).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ChannelNotFound for the channel id %j', async (channelId) => {
    const { world, owner, channelId: realChannel } = await aServerWithCast();
    const sent = await aMessage(world, owner, realChannel);

    expect(await world.editMessage.execute(owner, channelId, sent.id, { content: 'x' })).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
  });
});

import { messageJson } from '@chat/contract';
import { NO_MENTIONS } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aSession } from '@chat/domain/testing/contracts';
import { aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('SendMessage', () => {
  it('returns exactly the MessageView shape: author, no reactions, no edit time, and no stray authorId', async () => {
    const { world, member, channelId } = await aServerWithCast();
    world.clock.advance(1_234);
    const username = (await world.stores.users.findById(member.userId))?.username ?? 'missing';

    const { message: view, nonce } = expectOk(await world.sendMessage.execute(member, channelId, { content: 'hello' }));

    expect(nonce).toBeNull();
    expect(view).toEqual({
      id: expect.any(String),
      channelId,
      content: 'hello',
      createdAt: world.clock.now(),
      editedAt: null,
      mentions: [],
      mentionRoles: [],
      mentionEveryone: false,
      attachments: [],
      replyTo: null,
      pinned: false,
      author: { id: member.userId, username, displayName: null, avatar: null },
      reactions: [],
    });
  });

  it('stores the message so every member reads it back unchanged', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();

    const username = (await world.stores.users.findById(member.userId))?.username ?? 'missing';

    const { id } = expectOk(await world.sendMessage.execute(member, channelId, { content: '  spaced  out  ' })).message;

    const stored = {
      id,
      channelId,
      content: '  spaced  out  ',
      createdAt: world.clock.now(),
      editedAt: null,
      ...NO_MENTIONS,
      attachments: [], replyTo: null, pinned: false,
      author: { id: member.userId, username, displayName: null, avatar: null },
      reactions: [],
    };
    expect(await world.getMessage.execute(owner, channelId, id)).toEqual({ ok: true, value: stored });
    expect(expectOk(await world.readMessages(owner, channelId, {}))).toEqual([messageJson(stored)]);
  });

  it('gives later messages larger ids, even within one millisecond', async () => {
    const { world, owner, channelId } = await aServerWithCast();

    const first = expectOk(await world.sendMessage.execute(owner, channelId, { content: 'one' })).message;
    const second = expectOk(await world.sendMessage.execute(owner, channelId, { content: 'two' })).message;

    expect(BigInt(second.id)).toBeGreaterThan(BigInt(first.id));
  });

  it('accepts 2000 emoji, which are 2000 code points', async () => {
    const { world, owner, channelId } = await aServerWithCast();

    expect(expectOk(await world.sendMessage.execute(owner, channelId, { content: '😀'.repeat(2000) })).message.content).toHaveLength(4000);
  });

  it.each([
    ['empty (with no files)', '', 'must not be empty when the message carries no files'],
    ['2001 characters', 'x'.repeat(2001), 'must be 1-2000 characters'],
    ['2001 emoji', '😀'.repeat(2001), 'must be 1-2000 characters'],
    ['only whitespace', ' \n\t ', 'must not be only whitespace'],
  ])('returns ValidationFailed for content that is %s, and stores nothing', async (_case, content, message) => {
    const { world, owner, channelId } = await aServerWithCast();

    expect(await world.sendMessage.execute(owner, channelId, { content })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'content', message }] },
    });
    expect(await world.readMessages(owner, channelId, {})).toEqual({ ok: true, value: [] });
  });

  it('returns NotAMember when the caller is not in the server', async () => {
    const { world, outsider, owner, channelId } = await aServerWithCast();

    expect(await world.sendMessage.execute(outsider, channelId, { content: 'hi' })).toEqual({ ok: false, error: { kind: 'NotAMember' } });
    expect(await world.readMessages(owner, channelId, {})).toEqual({ ok: true, value: [] });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ChannelNotFound for the channel id %j', async (channelId) => {
    const { world, owner } = await aServerWithCast();

    expect(await world.sendMessage.execute(owner, channelId, { content: 'hi' })).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
  });

  it('treats a membership whose account no longer exists as none (the database forbids it anyway)', async () => {
    const { world, server, channelId } = await aServerWithCast();
    const ghost = { userId: UNKNOWN_ID, sessionId: UNKNOWN_ID };
    await world.stores.sessions.create({ ...aSession(ghost.userId, { createdAt: world.clock.now() }), id: ghost.sessionId });
    await world.stores.members.add({ serverId: server.id, userId: ghost.userId, joinedAt: world.clock.now() });

    expect(await world.sendMessage.execute(ghost, channelId, { content: 'boo' })).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it.each([
    ['good input', 'hi', 'CHANNEL'],
    ['an unknown channel', 'hi', UNKNOWN_ID],
  ])('returns InvalidToken once the session is revoked, for %s, and stores nothing', async (_case, content, target) => {
    const { world, member, owner, channelId } = await aServerWithCast();
    await world.stores.sessions.revoke(member.sessionId);

    const result = await world.sendMessage.execute(member, target === 'CHANNEL' ? channelId : target, { content });

    expect(result).toEqual({ ok: false, error: { kind: 'InvalidToken' } });
    expect(await world.readMessages(owner, channelId, {})).toEqual({ ok: true, value: [] });
  });

  // Refused before the statement, with no look-up (SendMessage.checksSession): the HTTP edge answers
  // a dead session first on such refusals (tested in auth.http.test.ts).
  it.each([
    ['bad content', ' ', 'CHANNEL', 'ValidationFailed'],
    ['a malformed channel id', 'hi', MALFORMED_ID, 'ChannelNotFound'],
  ])('refuses %s without a look-up, revoked session or not, and stores nothing', async (_case, content, target, kind) => {
    const { world, member, owner, channelId } = await aServerWithCast();
    await world.stores.sessions.revoke(member.sessionId);

    const result = await world.sendMessage.execute(member, target === 'CHANNEL' ? channelId : target, { content });

    expect(result).toEqual({ ok: false, error: expect.objectContaining({ kind }) });
    expect(await world.readMessages(owner, channelId, {})).toEqual({ ok: true, value: [] });
  });
});

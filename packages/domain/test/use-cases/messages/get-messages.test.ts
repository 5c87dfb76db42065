import { expectOk } from '@chat/domain/testing';
import { aMessage, aServerWithCast, idsOf, MALFORMED_ID, someMessages, UNKNOWN_ID } from '../../helpers';

const contents = (views: readonly { content: string }[]) => views.map((view) => view.content);
const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `message ${from + i}`);

describe('GetMessages', () => {
  it('returns an empty page for a channel with no messages', async () => {
    const { world, member, channelId } = await aServerWithCast();

    expect(await world.readMessages(member, channelId, {})).toEqual({ ok: true, value: [] });
  });

  it('returns the newest 50 by default, oldest first', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    await someMessages(world, owner, channelId, 60);

    expect(contents(expectOk(await world.readMessages(member, channelId, {})))).toEqual(numbered(11, 60));
  });

  it('returns the `limit` newest, oldest first', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    await someMessages(world, owner, channelId, 10);

    expect(contents(expectOk(await world.readMessages(owner, channelId, { limit: 3 })))).toEqual(numbered(8, 10));
  });

  it('returns the `limit` just older than `before`', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await someMessages(world, owner, channelId, 10);

    const page = expectOk(await world.readMessages(owner, channelId, { before: sent[6]?.id, limit: 3 }));

    expect(contents(page)).toEqual(numbered(4, 6));
  });

  it('returns the `limit` just newer than `after`', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await someMessages(world, owner, channelId, 10);

    const page = expectOk(await world.readMessages(owner, channelId, { after: sent[2]?.id, limit: 3 }));

    expect(contents(page)).toEqual(numbered(4, 6));
  });

  it('returns the `limit` nearest `after` when both cursors are given', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await someMessages(world, owner, channelId, 10);

    const page = expectOk(await world.readMessages(owner, channelId, { after: sent[1]?.id, before: sent[8]?.id, limit: 3 }));

    expect(contents(page)).toEqual(numbered(3, 5));
  });

  it('returns the whole open interval between the cursors when it fits', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await someMessages(world, owner, channelId, 10);

    const page = expectOk(await world.readMessages(owner, channelId, { after: sent[1]?.id, before: sent[5]?.id }));

    expect(contents(page)).toEqual(numbered(3, 5));
  });

  it('returns an empty page when `before` is not after `after`', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await someMessages(world, owner, channelId, 5);

    expect(await world.readMessages(owner, channelId, { after: sent[3]?.id, before: sent[1]?.id })).toEqual({ ok: true, value: [] });
  });

  it('still accepts the id of a deleted message as a cursor', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await someMessages(world, owner, channelId, 10);
    const gone = sent[4]?.id as string;
    expectOk(await world.deleteMessage.execute(owner, channelId, gone));

    const older = expectOk(await world.readMessages(owner, channelId, { before: gone, limit: 2 }));
    const newer = expectOk(await world.readMessages(owner, channelId, { after: gone, limit: 2 }));

    expect(contents(older)).toEqual(numbered(3, 4));
    expect(contents(newer)).toEqual(numbered(6, 7));
  });

  it('returns every one of 100 messages exactly once when walking back with limit 7', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent: string[] = [];
    for (let i = 1; i <= 100; i++) {
      world.clock.advance(i % 10 === 0 ? 1 : 0);
      sent.push((await aMessage(world, owner, channelId, `message ${i}`)).id);
    }

    const seen: string[] = [];
    let page = expectOk(await world.readMessages(member, channelId, { limit: 7 }));
    while (page.length > 0) {
      seen.unshift(...idsOf(page));
      page = expectOk(await world.readMessages(member, channelId, { limit: 7, before: page[0]?.id }));
    }

    expect(seen).toEqual(sent);
  });

  it('returns every message exactly once when walking forward from the start', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = idsOf(await someMessages(world, owner, channelId, 30));

    const seen: string[] = [];
    let page = expectOk(await world.readMessages(owner, channelId, { limit: 7, after: '0' }));
    while (page.length > 0) {
      seen.push(...idsOf(page));
      page = expectOk(await world.readMessages(owner, channelId, { limit: 7, after: page[page.length - 1]?.id }));
    }

    expect(seen).toEqual(sent);
  });

  it('leaves out messages of other channels and deleted messages', async () => {
    const { world, owner, server, channelId } = await aServerWithCast();
    const other = expectOk(await world.createChannel.execute(owner, server.id, { name: 'other' }));
    const kept = await aMessage(world, owner, channelId, 'kept');
    await aMessage(world, owner, other.id, 'elsewhere');
    const deleted = await aMessage(world, owner, channelId, 'deleted');
    expectOk(await world.deleteMessage.execute(owner, channelId, deleted.id));

    expect(idsOf(expectOk(await world.readMessages(owner, channelId, {})))).toEqual([kept.id]);
  });

  it('shows each reader their own `reacted` flag', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const message = await aMessage(world, owner, channelId);
    expectOk(await world.addReaction.execute(member, channelId, message.id, '👍'));

    const [asMember] = expectOk(await world.readMessages(member, channelId, {}));
    const [asOwner] = expectOk(await world.readMessages(owner, channelId, {}));

    expect(asMember?.reactions).toEqual([{ emoji: '👍', count: 1, reacted: true }]);
    expect(asOwner?.reactions).toEqual([{ emoji: '👍', count: 1, reacted: false }]);
  });

  it('accepts the limit bounds 1 and 50', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    await someMessages(world, owner, channelId, 3);

    expect(expectOk(await world.readMessages(owner, channelId, { limit: 1 }))).toHaveLength(1);
    expect(expectOk(await world.readMessages(owner, channelId, { limit: 50 }))).toHaveLength(3);
  });

  it.each([0, 51, 2.5, -1])('returns ValidationFailed on path "limit" for limit %p', async (limit) => {
    const { world, owner, channelId } = await aServerWithCast();

    expect(await world.readMessages(owner, channelId, { limit })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'limit', message: 'must be an integer 1-50' }] },
    });
  });

  it.each(['before', 'after'] as const)('returns ValidationFailed on path "%s" for a malformed cursor', async (path) => {
    const { world, owner, channelId } = await aServerWithCast();

    expect(await world.readMessages(owner, channelId, { [path]: MALFORMED_ID })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path, message: 'must be a message id' }] },
    });
  });

  it('lists every bad paging field at once', async () => {
    const { world, owner, channelId } = await aServerWithCast();

    const result = await world.readMessages(owner, channelId, { limit: 0, before: 'x', after: '-1' });

    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'ValidationFailed',
        issues: [expect.objectContaining({ path: 'limit' }), expect.objectContaining({ path: 'before' }), expect.objectContaining({ path: 'after' })],
      },
    });
  });

  it('returns NotAMember when the caller is not in the server', async () => {
    const { world, outsider, channelId } = await aServerWithCast();

    expect(await world.readMessages(outsider, channelId, {})).toEqual({ ok: false, error: { kind: 'NotAMember' } });
  });

  it.each([UNKNOWN_ID, MALFORMED_ID])('returns ChannelNotFound for the channel id %j', async (channelId) => {
    const { world, owner } = await aServerWithCast();

    expect(await world.readMessages(owner, channelId, {})).toEqual({ ok: false, error: { kind: 'ChannelNotFound' } });
  });

  // Refused before the statement, with no look-up (GetMessages.checksSession): the HTTP edge answers
  // a dead session first on such refusals (tested in auth.http.test.ts).
  it.each([
    ['a bad limit', { limit: 0 }, 'CHANNEL', 'ValidationFailed'],
    ['a malformed channel id', {}, MALFORMED_ID, 'ChannelNotFound'],
  ])('refuses %s without a look-up, revoked session or not', async (_case, input, target, kind) => {
    const { world, member, channelId } = await aServerWithCast();
    await world.stores.sessions.revoke(member.sessionId);

    expect(await world.readMessages(member, target === 'CHANNEL' ? channelId : target, input)).toEqual({
      ok: false,
      error: expect.objectContaining({ kind }),
    });
  });

  it.each([
    ['good input', {}, 'CHANNEL'],
    ['an unknown channel', {}, UNKNOWN_ID],
  ])('returns InvalidToken once the session is revoked, for %s', async (_case, input, target) => {
    const { world, member, channelId } = await aServerWithCast();
    await world.stores.sessions.revoke(member.sessionId);

    expect(await world.readMessages(member, target === 'CHANNEL' ? channelId : target, input)).toEqual({
      ok: false,
      error: { kind: 'InvalidToken' },
    });
  });
});

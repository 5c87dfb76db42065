import { expectOk } from '@chat/domain/testing';
import { aMessage, aServerWithCast, MALFORMED_ID, someMessages, UNKNOWN_ID } from '../../helpers';

const contents = (views: readonly { content: string }[]) => views.map((view) => view.content);
const numbered = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `message ${from + i}`);

describe('GetMessages around a message', () => {
  it('returns the `limit` messages centred on it, itself included, oldest first', async () => {
    const { world, owner, member, channelId } = await aServerWithCast();
    const sent = await someMessages(world, owner, channelId, 20);

    expect(contents(expectOk(await world.readMessages(member, channelId, { around: sent[9]?.id, limit: 5 })))).toEqual(numbered(8, 12));
    expect(contents(expectOk(await world.readMessages(member, channelId, { around: sent[9]?.id, limit: 4 })))).toEqual(numbered(8, 11));
    expect(contents(expectOk(await world.readMessages(member, channelId, { around: sent[9]?.id })))).toEqual(numbered(1, 20));
  });

  it('fills the page from the older side near the newest message, and from the newer near the oldest', async () => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await someMessages(world, owner, channelId, 20);

    expect(contents(expectOk(await world.readMessages(owner, channelId, { around: sent[19]?.id, limit: 6 })))).toEqual(numbered(15, 20));
    expect(contents(expectOk(await world.readMessages(owner, channelId, { around: sent[0]?.id, limit: 6 })))).toEqual(numbered(1, 6));
  });

  it("returns MessageNotFound for an id that is no message of the channel: unknown, deleted or another channel's", async () => {
    const { world, owner, server, channelId } = await aServerWithCast();
    const other = expectOk(await world.createChannel.execute(owner, server.id, { name: 'other' }));
    const elsewhere = await aMessage(world, owner, other.id);
    const deleted = await aMessage(world, owner, channelId);
    expectOk(await world.deleteMessage.execute(owner, channelId, deleted.id));

    for (const around of [UNKNOWN_ID, deleted.id, elsewhere.id]) {
      expect(await world.readMessages(owner, channelId, { around })).toEqual({ ok: false, error: { kind: 'MessageNotFound' } });
    }
  });

  it('refuses an outsider as any page does, whether the message is there or not', async () => {
    const { world, owner, outsider, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);

    for (const around of [sent.id, UNKNOWN_ID]) {
      expect(await world.readMessages(outsider, channelId, { around })).toEqual({ ok: false, error: { kind: 'NotAMember' } });
    }
  });

  it.each([
    ['with before', { before: '1' }],
    ['with after', { after: '1' }],
  ])('returns ValidationFailed on path "around" %s', async (_case, cursor) => {
    const { world, owner, channelId } = await aServerWithCast();
    const sent = await aMessage(world, owner, channelId);

    expect(await world.readMessages(owner, channelId, { around: sent.id, ...cursor })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'around', message: 'must come alone, without before or after' }] },
    });
  });

  it('returns ValidationFailed on path "around" for a malformed id', async () => {
    const { world, owner, channelId } = await aServerWithCast();

    expect(await world.readMessages(owner, channelId, { around: MALFORMED_ID })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'around', message: 'must be a message id' }] },
    });
  });
});

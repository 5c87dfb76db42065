import type { Actor, SearchInput } from '@chat/domain';
import { expectOk, type MessageJson, type TestWorld } from '@chat/domain/testing';
import { aMessage, aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

/** The hits' contents, newest first, and whether there are more. */
async function searched(world: TestWorld, actor: Actor, serverId: string, input: SearchInput) {
  const hits = expectOk(await world.searchMessages.execute(actor, serverId, input));
  return { contents: (JSON.parse(hits.messages) as MessageJson[]).map((m) => m.content), hasMore: hits.hasMore };
}

const invalid = (...paths: string[]) => ({ ok: false, error: { kind: 'ValidationFailed', issues: paths.map((path) => ({ path, message: expect.any(String) })) } });

describe('SearchMessages', () => {
  it('finds the messages of every channel the member can see, newest first, `limit` (25 by default) at a time', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const other = expectOk(await world.createChannel.execute(owner, server.id, { name: 'other' }));
    for (let i = 1; i <= 30; i++) await aMessage(world, owner, i % 2 ? channelId : other.id, `standup ${i}`);
    await aMessage(world, owner, channelId, 'lunch');

    const first = await searched(world, member, server.id, { q: 'standup' });
    expect(first).toEqual({ contents: Array.from({ length: 25 }, (_, i) => `standup ${30 - i}`), hasMore: true });
    expect(await searched(world, member, server.id, { q: 'standup', limit: 5, channelId: other.id })).toEqual({
      contents: ['standup 30', 'standup 28', 'standup 26', 'standup 24', 'standup 22'],
      hasMore: true,
    });
  });

  it('searches by author alone, and by author and words', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    await aMessage(world, owner, channelId, 'deploy done');
    await aMessage(world, member, channelId, 'deploy failed');
    await aMessage(world, member, channelId, 'coffee?');

    expect(await searched(world, owner, server.id, { authorId: member.userId })).toEqual({ contents: ['coffee?', 'deploy failed'], hasMore: false });
    expect(await searched(world, owner, server.id, { authorId: member.userId, q: 'deploy' })).toEqual({ contents: ['deploy failed'], hasMore: false });
  });

  it('leaves out a channel the member cannot see, hits and count alike', async () => {
    const { world, owner, member, server, channelId } = await aServerWithCast();
    const staff = expectOk(await world.createChannel.execute(owner, server.id, { name: 'staff', permissionOverwrites: [{ id: server.id, type: 'role', allow: [], deny: ['VIEW_CHANNEL'] }] }));
    await aMessage(world, owner, channelId, 'salary talk, in the open');
    for (let i = 0; i < 3; i++) await aMessage(world, owner, staff.id, `salary ${i}`);

    expect(await searched(world, member, server.id, { q: 'salary', limit: 1 })).toEqual({ contents: ['salary talk, in the open'], hasMore: false });
    expect(await searched(world, member, server.id, { q: 'salary', channelId: staff.id })).toEqual({ contents: [], hasMore: false });
    expect((await searched(world, owner, server.id, { q: 'salary' })).contents).toHaveLength(4);
  });

  it('returns NotAMember to someone outside the server, and ServerNotFound for an unknown or malformed id', async () => {
    const { world, outsider, owner, server } = await aServerWithCast();

    expect(await world.searchMessages.execute(outsider, server.id, { q: 'x' })).toEqual({ ok: false, error: { kind: 'NotAMember' } });
    for (const id of [UNKNOWN_ID, MALFORMED_ID]) {
      expect(await world.searchMessages.execute(owner, id, { q: 'x' })).toEqual({ ok: false, error: { kind: 'ServerNotFound' } });
    }
  });

  it.each([
    ['neither q nor authorId', {}, ['q']],
    ['an empty q', { q: '' }, ['q']],
    ['a q of white space', { q: '   ' }, ['q']],
    ['a q of punctuation only', { q: '"-!?"' }, ['q']],
    ['a q of 201 characters', { q: 'a'.repeat(201) }, ['q']],
    ['a q with a NUL', { q: 'a\u0000b' }, ['q']],
    ['a q negating 17 times', { q: `${'-'.repeat(17)}spam` }, ['q']],
    ['a limit of 0', { q: 'x', limit: 0 }, ['limit']],
    ['a limit of 51', { q: 'x', limit: 51 }, ['limit']],
    ['a limit of 2.5', { q: 'x', limit: 2.5 }, ['limit']],
    ['malformed ids', { authorId: 'a', channelId: '-1', before: '99999999999999999999', after: '1.5' }, ['authorId', 'channelId', 'before', 'after']],
  ])('returns ValidationFailed for %s, before looking anything up', async (_case, input, paths) => {
    const { world, outsider } = await aServerWithCast();

    expect(await world.searchMessages.execute(outsider, UNKNOWN_ID, input)).toEqual(invalid(...paths));
  });

  it('accepts 200 characters, and 16 negations in a row (which cancel out)', async () => {
    const { world, owner, server, channelId } = await aServerWithCast();
    await aMessage(world, owner, channelId, 'ham');
    await aMessage(world, owner, channelId, 'ham and spam');

    expect(await searched(world, owner, server.id, { q: 'a'.repeat(200) })).toEqual({ contents: [], hasMore: false });
    expect(await searched(world, owner, server.id, { q: `ham ${'-'.repeat(16)}spam` })).toEqual({ contents: ['ham and spam'], hasMore: false });
    expect(await searched(world, owner, server.id, { q: `ham ${'-'.repeat(15)}spam` })).toEqual({ contents: ['ham'], hasMore: false });
  });
});

describe('SearchDirectMessages', () => {
  it("searches the caller's direct conversations only", async () => {
    const { world, owner, member, outsider, channelId } = await aServerWithCast();
    const dm = expectOk(await world.openConversation.execute(owner, { recipientIds: [member.userId] })).conversation;
    await aMessage(world, member, dm.id, 'the key is under the mat');
    await aMessage(world, owner, channelId, 'the key to the server');

    const hits = expectOk(await world.searchDirectMessages.execute(owner, { q: 'key' }));
    expect((JSON.parse(hits.messages) as MessageJson[]).map((m) => m.content)).toEqual(['the key is under the mat']);
    expect(expectOk(await world.searchDirectMessages.execute(outsider, { q: 'key' }))).toEqual({ messages: '[]', hasMore: false });
  });

  it('returns ValidationFailed without q or authorId', async () => {
    const { world, owner } = await aServerWithCast();

    expect(await world.searchDirectMessages.execute(owner, { limit: 5 })).toEqual(invalid('q'));
  });
});

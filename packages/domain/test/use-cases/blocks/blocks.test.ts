import { createMemoryStores, createTestWorld, expectOk, MemoryState } from '@chat/domain/testing';
import { DEFAULT_QUOTAS } from '@chat/domain';
import { aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

describe('BlockUser, UnblockUser and ListBlocks', () => {
  it('blocks a user: listed with their name, and between() sees it from either side', async () => {
    const { world, member, outsider } = await aServerWithCast();

    expectOk(await world.blockUser.execute(member, outsider.userId));

    const username = (await world.stores.users.findSummary(outsider.userId))?.username;
    expect(expectOk(await world.listBlocks.execute(member))).toEqual([{ id: outsider.userId, username, displayName: null, avatar: null }]);
    expect(await world.stores.blocks.between(outsider.userId, member.userId)).toBe(true);
    expect(expectOk(await world.listBlocks.execute(outsider))).toEqual([]);
  });

  it('blocks again without complaint, keeping the first block and its time', async () => {
    const state = new MemoryState();
    const world = createTestWorld(state);
    const [me, them] = [await world.aUser('me'), await world.aUser('them')];
    expectOk(await world.blockUser.execute(me, them.userId));
    const first = state.blocks.get(me.userId)?.get(them.userId);
    world.clock.advance(60_000);

    expect(await world.blockUser.execute(me, them.userId)).toEqual({ ok: true, value: undefined });

    expect(first?.createdAt).toBeInstanceOf(Date);
    expect(state.blocks.get(me.userId)?.get(them.userId)).toEqual(first);
    expect(await world.stores.blocks.count(me.userId)).toBe(1);
  });

  it('records no event: nobody is told of a block', async () => {
    const { world, member, outsider } = await aServerWithCast();
    const before = world.events().length;

    expectOk(await world.blockUser.execute(member, outsider.userId));
    expectOk(await world.unblockUser.execute(member, outsider.userId));

    expect(world.events()).toHaveLength(before);
  });

  it('unblocks; unblocking someone not blocked succeeds too', async () => {
    const { world, member, outsider } = await aServerWithCast();
    expectOk(await world.blockUser.execute(member, outsider.userId));

    expect(await world.unblockUser.execute(member, outsider.userId)).toEqual({ ok: true, value: 'unblocked' });
    expect(await world.unblockUser.execute(member, outsider.userId)).toEqual({ ok: true, value: 'absent' });

    expect(expectOk(await world.listBlocks.execute(member))).toEqual([]);
    expect(await world.stores.blocks.between(member.userId, outsider.userId)).toBe(false);
  });

  it.each([
    ['a malformed id', MALFORMED_ID, 'must be a user id'],
    ['an id past 64 bits', '9223372036854775808', 'must be a user id'],
  ])('refuses %s, blocking or unblocking, with ValidationFailed on userId', async (_what, userId, message) => {
    const { world, member } = await aServerWithCast();
    const refusal = { ok: false, error: { kind: 'ValidationFailed', issues: [{ path: 'userId', message }] } };

    expect(await world.blockUser.execute(member, userId)).toEqual(refusal);
    expect(await world.unblockUser.execute(member, userId)).toEqual(refusal);
  });

  it('refuses blocking or unblocking oneself with ValidationFailed', async () => {
    const { world, member } = await aServerWithCast();
    const refusal = { ok: false, error: { kind: 'ValidationFailed', issues: [{ path: 'userId', message: 'must be another user: you cannot block yourself' }] } };

    expect(await world.blockUser.execute(member, member.userId)).toEqual(refusal);
    expect(await world.unblockUser.execute(member, member.userId)).toEqual(refusal);
    expect(await world.stores.blocks.count(member.userId)).toBe(0);
  });

  it('answers UserNotFound for an id that names nobody, blocking or unblocking', async () => {
    const { world, member } = await aServerWithCast();

    expect(await world.blockUser.execute(member, UNKNOWN_ID)).toEqual({ ok: false, error: { kind: 'UserNotFound' } });
    expect(await world.unblockUser.execute(member, UNKNOWN_ID)).toEqual({ ok: false, error: { kind: 'UserNotFound' } });
  });

  it('refuses a bot: blocks are for people', async () => {
    const { world, owner, server, member } = await aServerWithCast();
    const bot = await world.aBotIn(server, owner);

    expect(await world.blockUser.execute(bot, member.userId)).toEqual({ ok: false, error: { kind: 'BotsCannotDoThis' } });
  });

  it('lets a person block a bot', async () => {
    const { world, owner, server, member } = await aServerWithCast();
    const bot = await world.aBotIn(server, owner);

    expectOk(await world.blockUser.execute(member, bot.userId));

    expect(expectOk(await world.listBlocks.execute(member)).map(({ id }) => id)).toEqual([bot.userId]);
  });

  it('stops at the blocks quota with QuotaExceeded; blocking one already blocked still succeeds, and unblocking frees room', async () => {
    const state = new MemoryState();
    const world = createTestWorld(state, createMemoryStores(state), { ...DEFAULT_QUOTAS, blocks: 2 });
    const me = await world.aUser('me');
    const [a, b, c] = [await world.aUser('aa'), await world.aUser('bb'), await world.aUser('cc')];
    expectOk(await world.blockUser.execute(me, a.userId));
    expectOk(await world.blockUser.execute(me, b.userId));

    expect(await world.blockUser.execute(me, c.userId)).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'blocks', max: 2 } });
    expectOk(await world.blockUser.execute(me, a.userId));
    expect(await world.stores.blocks.isBlocking(me.userId, c.userId)).toBe(false);

    expectOk(await world.unblockUser.execute(me, a.userId));
    expectOk(await world.blockUser.execute(me, c.userId));
  });

  it('defaults to 1000 blocks a user, no more than one page of the list', () => {
    expect(DEFAULT_QUOTAS.blocks).toBe(1000);
  });

  it('lists in id order, a page at a time after an id', async () => {
    const { world, member } = await aServerWithCast();
    const others = [await world.aUser('xx'), await world.aUser('yy'), await world.aUser('zz')];
    for (const other of [...others].reverse()) expectOk(await world.blockUser.execute(member, other.userId));
    const ids = others.map(({ userId }) => userId);

    expect(expectOk(await world.listBlocks.execute(member)).map(({ id }) => id)).toEqual(ids);
    expect(expectOk(await world.listBlocks.execute(member, { limit: 2 })).map(({ id }) => id)).toEqual(ids.slice(0, 2));
    expect(expectOk(await world.listBlocks.execute(member, { limit: 2, after: ids[1] })).map(({ id }) => id)).toEqual(ids.slice(2));
  });

  it.each([
    [{ limit: 0 }, 'limit', 'must be an integer 1-1000'],
    [{ limit: 1001 }, 'limit', 'must be an integer 1-1000'],
    [{ after: MALFORMED_ID }, 'after', 'must be an id'],
  ])('refuses the page %j', async (input, path, message) => {
    const { world, member } = await aServerWithCast();

    expect(await world.listBlocks.execute(member, input)).toEqual({ ok: false, error: { kind: 'ValidationFailed', issues: [{ path, message }] } });
  });
});

import { createTestWorld, expectOk, MemoryState, createMemoryStores } from '@chat/domain/testing';
import { DEFAULT_QUOTAS, type Actor, type ChatEvent } from '@chat/domain';
import { aServerWithCast, MALFORMED_ID, UNKNOWN_ID } from '../../helpers';

const opened = (events: readonly ChatEvent[]) => events.flatMap((e) => (e.type === 'conversation.opened' ? [`${e.conversation.id} ${e.viewerId}`] : []));

describe('OpenConversation', () => {
  it('opens a one-to-one with a co-member, tells both, and answers the same one from either side after', async () => {
    const { world, owner, member } = await aServerWithCast();
    const before = world.events().length;

    const first = expectOk(await world.openConversation.execute(owner, { recipientIds: [member.userId] }));

    expect(first.created).toBe(true);
    expect(first.conversation).toMatchObject({ type: 'dm', ownerId: null, name: null, lastMessageId: null });
    expect(first.conversation.recipients.map((r) => r.id)).toEqual([owner.userId, member.userId]);
    expect(opened(world.events().slice(before))).toEqual([`${first.conversation.id} ${owner.userId}`, `${first.conversation.id} ${member.userId}`]);

    const again = expectOk(await world.openConversation.execute(member, { recipientIds: [owner.userId] }));
    expect(again).toEqual({ created: false, conversation: first.conversation });
    expect(world.events().length).toBe(before + 2);
  });

  it('opens a group owned by the caller with every recipient, or refuses it whole', async () => {
    const { world, owner, server, member, outsider } = await aServerWithCast();
    const third = await world.aMemberOf(server, owner);

    const group = expectOk(await world.openConversation.execute(owner, { recipientIds: [member.userId, third.userId] }));
    expect(group.conversation).toMatchObject({ type: 'group', ownerId: owner.userId, name: null });
    expect(group.conversation.recipients.map((r) => r.id)).toEqual([owner.userId, member.userId, third.userId]);

    // One stranger among them: nothing is made.
    const count = (await world.stores.conversations.idsForUser(owner.userId)).length;
    expect(await world.openConversation.execute(owner, { recipientIds: [member.userId, outsider.userId] })).toEqual({ ok: false, error: { kind: 'NoSharedServer' } });
    expect(await world.stores.conversations.idsForUser(owner.userId)).toHaveLength(count);
  });

  it.each([
    [[], 'recipientIds', 'must name 1 to 9 users'],
    [Array.from({ length: 10 }, (_, i) => String(100 + i)), 'recipientIds', 'must name 1 to 9 users'],
    [[MALFORMED_ID], 'recipientIds.0', 'must be a user id'],
    [['77', '77'], 'recipientIds.1', 'names a user already named'],
  ])('refuses the recipients %j: 400 at %s', async (recipientIds, path, message) => {
    const { world, owner } = await aServerWithCast();
    expect(await world.openConversation.execute(owner, { recipientIds })).toEqual({ ok: false, error: { kind: 'ValidationFailed', issues: [{ path, message }] } });
  });

  it('refuses the caller among the recipients, unknown users, strangers and bots making groups', async () => {
    const { world, owner, server, member, outsider } = await aServerWithCast();
    const bot = await world.aBotIn(server, owner);

    expect(await world.openConversation.execute(owner, { recipientIds: [owner.userId] })).toEqual({
      ok: false,
      error: { kind: 'ValidationFailed', issues: [{ path: 'recipientIds.0', message: 'is you: name the others' }] },
    });
    expect(await world.openConversation.execute(owner, { recipientIds: [UNKNOWN_ID] })).toEqual({ ok: false, error: { kind: 'UserNotFound' } });
    expect(await world.openConversation.execute(owner, { recipientIds: [outsider.userId] })).toEqual({ ok: false, error: { kind: 'NoSharedServer' } });
    expect(await world.openConversation.execute(bot, { recipientIds: [owner.userId, member.userId] })).toEqual({ ok: false, error: { kind: 'BotsCannotDoThis' } });
    // A bot may write to one person who shares a server with it.
    expect(expectOk(await world.openConversation.execute(bot, { recipientIds: [member.userId] })).created).toBe(true);
  });

  it('refuses a one-to-one, or a group, between two people where either blocked the other', async () => {
    const { world, owner, server, member } = await aServerWithCast();
    const third = await world.aMemberOf(server, owner);
    expectOk(await world.blockUser.execute(member, owner.userId));

    expect(await world.openConversation.execute(owner, { recipientIds: [member.userId] })).toEqual({ ok: false, error: { kind: 'Blocked' } });
    expect(await world.openConversation.execute(member, { recipientIds: [owner.userId] })).toEqual({ ok: false, error: { kind: 'Blocked' } });
    expect(await world.openConversation.execute(owner, { recipientIds: [third.userId, member.userId] })).toEqual({ ok: false, error: { kind: 'Blocked' } });
  });

  it('counts new conversations against the daily quota; reopening one does not count, and the next day there is room', async () => {
    const state = new MemoryState();
    const world = createTestWorld(state, createMemoryStores(state), { ...DEFAULT_QUOTAS, conversationsPerDay: 2 });
    const owner = await world.aUser('owner');
    const server = await world.aServer(owner);
    const others: Actor[] = [];
    for (let i = 0; i < 3; i++) others.push(await world.aMemberOf(server, owner));
    const [a, b, c] = others as [Actor, Actor, Actor];

    expectOk(await world.openConversation.execute(owner, { recipientIds: [a.userId] }));
    expectOk(await world.openConversation.execute(owner, { recipientIds: [b.userId] }));
    expectOk(await world.openConversation.execute(owner, { recipientIds: [a.userId] }));
    expect(await world.openConversation.execute(owner, { recipientIds: [c.userId] })).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'conversationsPerDay', max: 2 } });
    // Opened by another, it is not the caller's to count.
    expect(expectOk(await world.openConversation.execute(c, { recipientIds: [owner.userId] })).created).toBe(true);

    world.clock.advance(86_400_000 + 1);
    expect(expectOk(await world.openConversation.execute(owner, { recipientIds: [b.userId, c.userId] })).created).toBe(true);
  });

  it('counts people added to a group in the same daily quota: a group is no way round it', async () => {
    const state = new MemoryState();
    const world = createTestWorld(state, createMemoryStores(state), { ...DEFAULT_QUOTAS, conversationsPerDay: 2 });
    const owner = await world.aUser('owner');
    const server = await world.aServer(owner);
    const others: Actor[] = [];
    for (let i = 0; i < 4; i++) others.push(await world.aMemberOf(server, owner));
    const [a, b, c, d] = others as [Actor, Actor, Actor, Actor];
    const group = expectOk(await world.openConversation.execute(owner, { recipientIds: [a.userId, b.userId] })).conversation;

    expectOk(await world.addRecipient.execute(owner, group.id, c.userId));
    const before = world.events().length;
    expect(await world.addRecipient.execute(owner, group.id, d.userId)).toEqual({ ok: false, error: { kind: 'QuotaExceeded', quota: 'conversationsPerDay', max: 2 } });
    expect(world.events().length).toBe(before);
    expect((await world.stores.conversations.findById(group.id))?.recipientIds).not.toContain(d.userId);
    // Adding one already there reaches nobody new: no refusal.
    expectOk(await world.addRecipient.execute(owner, group.id, c.userId));
  });
});

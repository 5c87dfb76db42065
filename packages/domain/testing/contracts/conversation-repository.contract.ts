import { CONVERSATION_PERMISSIONS, SEND_NEEDS, bitOf, type Conversation, type Id } from '../../src';
import type { SeedableStores } from './fixtures';
import { aConversation, aMessage, aReaction, aServerWithOwner, at, freshId, givenActor, givenMemberOf, givenMessage, givenUser, receiptOf, summaryOf, withoutAuthor } from './fixtures';

/** What every `ConversationRepository` must do, and the message gate in a conversation. */
export function describeConversationRepositoryContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`ConversationRepository contract: ${name}`, () => {
    let stores: SeedableStores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    async function aDm() {
      const [a, b] = [await givenUser(stores), await givenUser(stores)];
      const dm = aConversation(a.id, [b.id]);
      expect(await stores.conversations.create(dm)).toEqual({ created: true });
      return { a, b, dm };
    }

    it('stores a one-to-one once per pair, from either side', async () => {
      const { a, b, dm } = await aDm();

      expect(await stores.conversations.create(aConversation(b.id, [a.id]))).toEqual({ created: false, existingId: dm.id });
      expect(await stores.conversations.findDm(b.id, a.id)).toBe(dm.id);
      expect(await stores.conversations.findById(dm.id)).toEqual(dm);
      expect(await stores.conversations.view(dm.id)).toEqual({
        id: dm.id,
        type: 'dm',
        ownerId: null,
        name: null,
        recipients: [summaryOf(a), summaryOf(b)],
        lastMessageId: null,
        createdAt: dm.createdAt,
      });
      expect(await stores.conversations.findById(freshId())).toBeNull();
    });

    it('keeps a group’s recipients in the order they came in, through adds, removes, a rename and a new owner', async () => {
      const [a, b, c, d] = [await givenUser(stores), await givenUser(stores), await givenUser(stores), await givenUser(stores)];
      const group = aConversation(a.id, [b.id, c.id]);
      await stores.conversations.create(group);

      await stores.conversations.addRecipient(group.id, d.id, at(1000), a.id);
      await stores.conversations.addRecipient(group.id, d.id, at(2000), a.id);
      expect(await stores.conversations.removeRecipient(group.id, a.id)).toBe('removed');
      expect(await stores.conversations.removeRecipient(group.id, a.id)).toBe('absent');
      await stores.conversations.update(group.id, { name: 'Trip', ownerId: b.id });

      expect(await stores.conversations.hold(group.id)).toEqual({ ...group, name: 'Trip', ownerId: b.id, recipientIds: [b.id, c.id, d.id] });
      expect((await stores.conversations.view(group.id))?.recipients).toEqual([summaryOf(b), summaryOf(c), summaryOf(d)]);
      expect(await stores.conversations.idsForUser(a.id)).toEqual([]);
      expect(await stores.conversations.idsForUser(d.id)).toEqual([group.id]);
    });

    it('deletes a conversation with its messages and their reactions, leaving others’ alone', async () => {
      const [a, b, c] = [await givenUser(stores), await givenUser(stores), await givenUser(stores)];
      const [group, other] = [aConversation(a.id, [b.id, c.id]), aConversation(a.id, [b.id, c.id])];
      for (const conversation of [group, other]) await stores.conversations.create(conversation);
      const [gone, kept] = [await givenMessage(stores, group.id, a.id), await givenMessage(stores, other.id, a.id)];
      await stores.messages.addReaction(aReaction(gone, b.id, '👍'), { distinctEmoji: 20, total: 100 });

      await stores.conversations.delete(group.id);

      expect(await stores.conversations.findById(group.id)).toBeNull();
      expect(await stores.conversations.idsForUser(b.id)).toEqual([other.id]);
      expect(await stores.messages.findById(gone.id)).toBeNull();
      expect(await stores.messages.findById(kept.id)).toEqual(kept);
    });

    it('lists a user’s conversations by latest activity (newest message, or opening), then id, a page after another', async () => {
      const me = await givenUser(stores);
      const others = [await givenUser(stores), await givenUser(stores), await givenUser(stores)];
      const made = others.map((other) => aConversation(me.id, [other.id]));
      for (const conversation of made) await stores.conversations.create(conversation);
      const [first, second, third] = made as [Conversation, Conversation, Conversation];
      const newest = await givenMessage(stores, first.id, me.id);

      const ids = async (page: { limit: number; after?: Id }) => (await stores.conversations.listForUser(me.id, page)).map((c) => c.id);
      expect(await ids({ limit: 10 })).toEqual([first.id, third.id, second.id]);
      expect((await stores.conversations.listForUser(me.id, { limit: 1 }))[0]?.lastMessageId).toBe(newest.id);
      expect(await ids({ limit: 1, after: first.id })).toEqual([third.id]);
      expect(await ids({ limit: 10, after: second.id })).toEqual([]);
      // One the user is not in ends the list.
      expect(await ids({ limit: 10, after: freshId() })).toEqual([]);
    });

    it('counts what one user opened, and whom they added to groups, since a moment', async () => {
      const me = await givenUser(stores);
      const since = at(10_000);
      await stores.conversations.create(aConversation(me.id, [(await givenUser(stores)).id], { createdAt: at(9_999) }));
      await stores.conversations.create(aConversation(me.id, [(await givenUser(stores)).id], { createdAt: at(10_000) }));
      const theirs = aConversation((await givenUser(stores)).id, [me.id, (await givenUser(stores)).id], { createdAt: at(20_000) });
      await stores.conversations.create(theirs);
      expect(await stores.conversations.countStartedSince(me.id, since)).toBe(1);

      await stores.conversations.addRecipient(theirs.id, (await givenUser(stores)).id, at(9_000), me.id);
      await stores.conversations.addRecipient(theirs.id, (await givenUser(stores)).id, at(30_000), me.id);
      expect(await stores.conversations.countStartedSince(me.id, since)).toBe(2);
    });

    it('tells whether two users share a server', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      const { user: member } = await givenMemberOf(stores, server.id);
      const stranger = await givenUser(stores);

      expect(await stores.members.sharesServer(ownerUser.id, member.id)).toBe(true);
      expect(await stores.members.sharesServer(member.id, ownerUser.id)).toBe(true);
      expect(await stores.members.sharesServer(ownerUser.id, stranger.id)).toBe(false);
    });

    describe('the message gate in a conversation', () => {
      it('lets its recipients read and write, and refuses others as non-recipients', async () => {
        const { a, b, dm } = await aDm();
        const [actor, outsider] = [await givenActor(stores, a.id), await givenActor(stores, (await givenUser(stores)).id)];
        const message = aMessage(dm.id, a.id);

        expect(await stores.messages.createAs(actor, withoutAuthor(message), null)).toEqual({ ok: true, value: receiptOf(a) });
        const page = await stores.messages.pageJsonAs(await givenActor(stores, b.id), dm.id, { limit: 5 });
        expect(page.ok && (JSON.parse(page.value) as { id: string }[]).map((m) => m.id)).toEqual([message.id]);
        expect(await stores.messages.createAs(outsider, withoutAuthor(aMessage(dm.id, outsider.userId)), null)).toEqual({
          ok: false,
          facts: { sessionLive: true, channelFound: true, member: false, permissions: 0, conversation: true, blocked: false },
        });
      });

      it('refuses a send in a one-to-one with a block either way, and still reads', async () => {
        const { a, b, dm } = await aDm();
        await stores.blocks.block({ userId: b.id, blockedId: a.id, createdAt: at() });
        const actor = await givenActor(stores, a.id);

        expect(await stores.messages.createAs(actor, withoutAuthor(aMessage(dm.id, a.id)), null)).toEqual({
          ok: false,
          facts: { sessionLive: true, channelFound: true, member: true, permissions: CONVERSATION_PERMISSIONS & ~bitOf('SEND_MESSAGES'), conversation: true, blocked: true },
        });
        expect((await stores.messages.pageJsonAs(actor, dm.id, { limit: 5 })).ok).toBe(true);
        expect(SEND_NEEDS).toContain('SEND_MESSAGES');
      });
    });
  });
}

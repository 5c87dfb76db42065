import { type Message, type User } from '../../src';
import type { SeedableStores } from './fixtures';
import { aChannelWithAuthor, aReaction, at, freshId, givenChannel, givenMemberOf, givenMessage, givenUser } from './fixtures';
import { type MessageContractContext } from './message-contract-helpers';

/** The message contract's reactions: caps, counts, order of first use, races. */
export function describeMessageReactions(ctx: MessageContractContext): void {
  const { pageFor } = ctx;
  let stores: SeedableStores;
  beforeEach(() => {
    stores = ctx.stores();
  });

  describe('reactions', () => {
    async function aMessageAndReactors(count: number): Promise<{ message: Message; author: User; users: User[] }> {
      const { channel, author } = await aChannelWithAuthor(stores);
      const message = await givenMessage(stores, channel.id, author.id);
      const users: User[] = [];
      for (let i = 0; i < count; i += 1) users.push(await givenUser(stores));
      return { message, author, users };
    }

    it("adds a reaction ('added'), counted and marked as reacted for its user only", async () => {
      const { message, author, users } = await aMessageAndReactors(1);
      const [reactor] = users as [User];

      expect(await stores.messages.addReaction(aReaction(message, reactor.id, '👍'), { distinctEmoji: 20, total: 5000 })).toBe('added');

      expect(await stores.messages.reactionState(message.channelId, message.id, '👍', reactor.id)).toEqual({
        messageId: message.id,
        emoji: '👍',
        count: 1,
        reacted: true,
      });
      expect(await stores.messages.reactionState(message.channelId, message.id, '👍', author.id)).toEqual({
        messageId: message.id,
        emoji: '👍',
        count: 1,
        reacted: false,
      });
    });

    it("answers 'already' when the same user reacts with the same emoji again, and counts it once", async () => {
      const { message, users } = await aMessageAndReactors(1);
      const [reactor] = users as [User];
      await stores.messages.addReaction(aReaction(message, reactor.id, '👍', { createdAt: at(1) }), { distinctEmoji: 20, total: 5000 });

      expect(await stores.messages.addReaction(aReaction(message, reactor.id, '👍', { createdAt: at(2) }), { distinctEmoji: 20, total: 5000 })).toBe('already');

      expect((await stores.messages.reactionState(message.channelId, message.id, '👍', reactor.id)).count).toBe(1);
    });

    it("counts another user's reaction with the same emoji ('added')", async () => {
      const { message, users } = await aMessageAndReactors(2);
      const [first, second] = users as [User, User];
      await stores.messages.addReaction(aReaction(message, first.id, '👍'), { distinctEmoji: 20, total: 5000 });

      expect(await stores.messages.addReaction(aReaction(message, second.id, '👍'), { distinctEmoji: 20, total: 5000 })).toBe('added');

      expect(await stores.messages.reactionState(message.channelId, message.id, '👍', second.id)).toEqual({
        messageId: message.id,
        emoji: '👍',
        count: 2,
        reacted: true,
      });
    });

    it("counts one user's reactions with different emoji apart", async () => {
      const { message, users } = await aMessageAndReactors(1);
      const [reactor] = users as [User];

      expect(await stores.messages.addReaction(aReaction(message, reactor.id, '👍'), { distinctEmoji: 20, total: 5000 })).toBe('added');
      expect(await stores.messages.addReaction(aReaction(message, reactor.id, '🎉'), { distinctEmoji: 20, total: 5000 })).toBe('added');

      expect((await stores.messages.reactionState(message.channelId, message.id, '👍', reactor.id)).count).toBe(1);
      expect((await stores.messages.reactionState(message.channelId, message.id, '🎉', reactor.id)).count).toBe(1);
    });

    it("refuses a reaction beyond the cap in all ('TooManyReactionsInAll'), even of an emoji already there", async () => {
      const { message, users } = await aMessageAndReactors(4);
      const caps = { distinctEmoji: 20, total: 3 };
      for (const user of users.slice(0, 3)) expect(await stores.messages.addReaction(aReaction(message, user.id, '👍'), caps)).toBe('added');

      expect(await stores.messages.addReaction(aReaction(message, users[3]!.id, '👍'), caps)).toBe('TooManyReactionsInAll');
      expect(await stores.messages.addReaction(aReaction(message, users[0]!.id, '👍'), caps)).toBe('already');
      expect((await stores.messages.reactionState(message.channelId, message.id, '👍', users[3]!.id)).count).toBe(3);
    });

    it('clears every user\'s reaction of one emoji, answering how many went; other emoji stay', async () => {
      const { message, users } = await aMessageAndReactors(3);
      for (const user of users) await stores.messages.addReaction(aReaction(message, user.id, '👍'), { distinctEmoji: 20, total: 5000 });
      await stores.messages.addReaction(aReaction(message, users[0]!.id, '🎉'), { distinctEmoji: 20, total: 5000 });

      expect(await stores.messages.clearReaction(message.channelId, message.id, '👍')).toBe(3);
      expect(await stores.messages.clearReaction(message.channelId, message.id, '👍')).toBe(0);

      expect((await stores.messages.reactionState(message.channelId, message.id, '👍', users[0]!.id)).count).toBe(0);
      expect((await stores.messages.reactionState(message.channelId, message.id, '🎉', users[0]!.id)).count).toBe(1);
    });

    it('answers a zero state for an emoji nobody used, or a message that does not exist', async () => {
      const { message, author } = await aMessageAndReactors(0);
      const unknown = freshId();

      expect(await stores.messages.reactionState(message.channelId, message.id, '🦄', author.id)).toEqual({
        messageId: message.id,
        emoji: '🦄',
        count: 0,
        reacted: false,
      });
      expect(await stores.messages.reactionState(message.channelId, unknown, '🦄', author.id)).toEqual({
        messageId: unknown,
        emoji: '🦄',
        count: 0,
        reacted: false,
      });
    });

    it("refuses a new distinct emoji past the cap ('TooManyReactions') and stores nothing", async () => {
      const { message, author, users } = await aMessageAndReactors(2);
      const [first, second] = users as [User, User];
      for (const [i, emoji] of ['😀', '😁', '😂'].entries()) {
        expect(await stores.messages.addReaction(aReaction(message, first.id, emoji, { createdAt: at(i) }), { distinctEmoji: 3, total: 5000 })).toBe('added');
      }

      expect(await stores.messages.addReaction(aReaction(message, first.id, '🤣', { createdAt: at(10) }), { distinctEmoji: 3, total: 5000 })).toBe(
        'TooManyReactions',
      );
      expect(await stores.messages.addReaction(aReaction(message, second.id, '🤣', { createdAt: at(11) }), { distinctEmoji: 3, total: 5000 })).toBe(
        'TooManyReactions',
      );

      expect(await stores.messages.reactionState(message.channelId, message.id, '🤣', first.id)).toEqual({
        messageId: message.id,
        emoji: '🤣',
        count: 0,
        reacted: false,
      });
      expect((await stores.messages.view(message.id, author.id))?.reactions.map((r) => r.emoji)).toEqual(['😀', '😁', '😂']);
    });

    it("at the cap, still adds another user's reaction with an emoji already there ('added')", async () => {
      const { message, users } = await aMessageAndReactors(2);
      const [first, second] = users as [User, User];
      for (const [i, emoji] of ['😀', '😁', '😂'].entries()) {
        await stores.messages.addReaction(aReaction(message, first.id, emoji, { createdAt: at(i) }), { distinctEmoji: 3, total: 5000 });
      }

      expect(await stores.messages.addReaction(aReaction(message, second.id, '😁', { createdAt: at(10) }), { distinctEmoji: 3, total: 5000 })).toBe('added');
      expect(await stores.messages.addReaction(aReaction(message, first.id, '😁', { createdAt: at(11) }), { distinctEmoji: 3, total: 5000 })).toBe('already');

      expect(await stores.messages.reactionState(message.channelId, message.id, '😁', second.id)).toEqual({
        messageId: message.id,
        emoji: '😁',
        count: 2,
        reacted: true,
      });
    });

    it('caps distinct emoji, not reactions: many users may share one emoji under a cap of 1', async () => {
      const { message, users } = await aMessageAndReactors(4);
      for (const [i, user] of users.entries()) {
        expect(await stores.messages.addReaction(aReaction(message, user.id, '👍', { createdAt: at(i) }), { distinctEmoji: 1, total: 5000 })).toBe('added');
      }

      expect((await stores.messages.reactionState(message.channelId, message.id, '👍', freshId())).count).toBe(4);
    });

    it('stops counting an emoji toward the cap once its last reaction is removed', async () => {
      const { message, users } = await aMessageAndReactors(1);
      const [reactor] = users as [User];
      await stores.messages.addReaction(aReaction(message, reactor.id, '😀', { createdAt: at(1) }), { distinctEmoji: 2, total: 5000 });
      await stores.messages.addReaction(aReaction(message, reactor.id, '😁', { createdAt: at(2) }), { distinctEmoji: 2, total: 5000 });
      expect(await stores.messages.addReaction(aReaction(message, reactor.id, '😂', { createdAt: at(3) }), { distinctEmoji: 2, total: 5000 })).toBe(
        'TooManyReactions',
      );

      await stores.messages.removeReaction(message.channelId, message.id, reactor.id, '😀');

      expect(await stores.messages.addReaction(aReaction(message, reactor.id, '😂', { createdAt: at(4) }), { distinctEmoji: 2, total: 5000 })).toBe('added');
    });

    it('finds a message, and reacts to it, only in its own channel', async () => {
      const { server, channel, author } = await aChannelWithAuthor(stores);
      const message = await givenMessage(stores, channel.id, author.id);
      // Another channel of the same server (the same route), and one of another server.
      const sibling = await givenChannel(stores, server.id);
      const elsewhere = (await aChannelWithAuthor(stores)).channel;

      expect(await stores.messages.findInChannel(channel.id, message.id)).toEqual(message);
      for (const other of [sibling.id, elsewhere.id]) {
        expect(await stores.messages.findInChannel(other, message.id)).toBeNull();
        expect(await stores.messages.addReaction(aReaction({ id: message.id, channelId: other }, author.id, '👍'), { distinctEmoji: 20, total: 5000 })).toBe('MessageNotFound');
      }
      expect(await stores.messages.findInChannel(channel.id, freshId())).toBeNull();
      expect((await stores.messages.reactionState(channel.id, message.id, '👍', author.id)).count).toBe(0);
    });

    it('applies the cap to each message on its own', async () => {
      const { channel, author } = await aChannelWithAuthor(stores);
      const full = await givenMessage(stores, channel.id, author.id);
      const empty = await givenMessage(stores, channel.id, author.id);
      await stores.messages.addReaction(aReaction(full, author.id, '😀'), { distinctEmoji: 1, total: 5000 });

      expect(await stores.messages.addReaction(aReaction(empty, author.id, '😁'), { distinctEmoji: 1, total: 5000 })).toBe('added');
    });

    it('keeps every kind of emoji intact and tells skin tones apart', async () => {
      const { message, author, users } = await aMessageAndReactors(1);
      const [reactor] = users as [User];
      const emoji = ['👍', '👍🏽', '👨‍👩‍👧‍👦', '🇫🇷', '1️⃣', '❤️', '🫠'];
      for (const [i, e] of emoji.entries()) {
        expect(await stores.messages.addReaction(aReaction(message, reactor.id, e, { createdAt: at(i) }), { distinctEmoji: 20, total: 5000 })).toBe('added');
      }

      for (const e of emoji) {
        expect(await stores.messages.reactionState(message.channelId, message.id, e, reactor.id)).toEqual({
          messageId: message.id,
          emoji: e,
          count: 1,
          reacted: true,
        });
      }
      expect((await stores.messages.view(message.id, author.id))?.reactions).toEqual(
        emoji.map((e) => ({ emoji: e, count: 1, reacted: false })),
      );
    });

    it("removes only that user's reaction with that emoji", async () => {
      const { message, users } = await aMessageAndReactors(2);
      const [first, second] = users as [User, User];
      await stores.messages.addReaction(aReaction(message, first.id, '👍', { createdAt: at(1) }), { distinctEmoji: 20, total: 5000 });
      await stores.messages.addReaction(aReaction(message, second.id, '👍', { createdAt: at(2) }), { distinctEmoji: 20, total: 5000 });
      await stores.messages.addReaction(aReaction(message, first.id, '🎉', { createdAt: at(3) }), { distinctEmoji: 20, total: 5000 });

      await stores.messages.removeReaction(message.channelId, message.id, first.id, '👍');

      expect(await stores.messages.reactionState(message.channelId, message.id, '👍', first.id)).toEqual({
        messageId: message.id,
        emoji: '👍',
        count: 1,
        reacted: false,
      });
      expect(await stores.messages.reactionState(message.channelId, message.id, '👍', second.id)).toMatchObject({ count: 1, reacted: true });
      expect(await stores.messages.reactionState(message.channelId, message.id, '🎉', first.id)).toMatchObject({ count: 1, reacted: true });
    });

    it('lets a user react again after removing their reaction', async () => {
      const { message, users } = await aMessageAndReactors(1);
      const [reactor] = users as [User];
      await stores.messages.addReaction(aReaction(message, reactor.id, '👍', { createdAt: at(1) }), { distinctEmoji: 20, total: 5000 });
      await stores.messages.removeReaction(message.channelId, message.id, reactor.id, '👍');

      expect(await stores.messages.addReaction(aReaction(message, reactor.id, '👍', { createdAt: at(2) }), { distinctEmoji: 20, total: 5000 })).toBe('added');

      expect(await stores.messages.reactionState(message.channelId, message.id, '👍', reactor.id)).toMatchObject({ count: 1, reacted: true });
    });

    it('says whether a reaction was there to remove, and removing an absent one changes nothing', async () => {
      const { message, users } = await aMessageAndReactors(2);
      const [first, second] = users as [User, User];
      await stores.messages.addReaction(aReaction(message, first.id, '👍'), { distinctEmoji: 20, total: 5000 });

      await expect(stores.messages.removeReaction(message.channelId, message.id, second.id, '👍')).resolves.toBe('absent');
      await expect(stores.messages.removeReaction(message.channelId, message.id, first.id, '🎉')).resolves.toBe('absent');
      await expect(stores.messages.removeReaction(message.channelId, freshId(), first.id, '👍')).resolves.toBe('absent');
      await expect(stores.messages.removeReaction(message.channelId, message.id, first.id, '👍')).resolves.toBe('removed');
      await expect(stores.messages.removeReaction(message.channelId, message.id, first.id, '👍')).resolves.toBe('absent');

      expect((await stores.messages.reactionState(message.channelId, message.id, '👍', first.id)).count).toBe(0);
    });

    it('shows reactions in view as one entry per emoji, in order of first use, with count and reacted for the viewer', async () => {
      const { message, author, users } = await aMessageAndReactors(3);
      const [a, b, c] = users as [User, User, User];
      const reactions: Array<[User, string]> = [
        [a, '🎉'],
        [b, '👍'],
        [a, '👍'],
        [c, '🎉'],
        [c, '🚀'],
      ];
      for (const [i, [user, emoji]] of reactions.entries()) {
        await stores.messages.addReaction(aReaction(message, user.id, emoji, { createdAt: at(i * 10) }), { distinctEmoji: 20, total: 5000 });
      }

      expect((await stores.messages.view(message.id, a.id))?.reactions).toEqual([
        { emoji: '🎉', count: 2, reacted: true },
        { emoji: '👍', count: 2, reacted: true },
        { emoji: '🚀', count: 1, reacted: false },
      ]);
      expect((await stores.messages.view(message.id, b.id))?.reactions).toEqual([
        { emoji: '🎉', count: 2, reacted: false },
        { emoji: '👍', count: 2, reacted: true },
        { emoji: '🚀', count: 1, reacted: false },
      ]);
      expect((await stores.messages.view(message.id, author.id))?.reactions).toEqual([
        { emoji: '🎉', count: 2, reacted: false },
        { emoji: '👍', count: 2, reacted: false },
        { emoji: '🚀', count: 1, reacted: false },
      ]);
    });

    it('drops an emoji from the view once its last reaction is removed', async () => {
      const { message, users } = await aMessageAndReactors(1);
      const [reactor] = users as [User];
      await stores.messages.addReaction(aReaction(message, reactor.id, '🎉', { createdAt: at(1) }), { distinctEmoji: 20, total: 5000 });
      await stores.messages.addReaction(aReaction(message, reactor.id, '🚀', { createdAt: at(2) }), { distinctEmoji: 20, total: 5000 });

      await stores.messages.removeReaction(message.channelId, message.id, reactor.id, '🎉');

      expect((await stores.messages.view(message.id, reactor.id))?.reactions).toEqual([{ emoji: '🚀', count: 1, reacted: true }]);
    });

    it('shows the same reactions in a page as in view, from each viewer\'s side', async () => {
      const { server, channel, author } = await aChannelWithAuthor(stores);
      const { user: reader } = await givenMemberOf(stores, server.id);
      const first = await givenMessage(stores, channel.id, author.id, { createdAt: at(1) });
      const second = await givenMessage(stores, channel.id, author.id, { createdAt: at(2) });
      await stores.messages.addReaction(aReaction(first, reader.id, '👀', { createdAt: at(10) }), { distinctEmoji: 20, total: 5000 });
      await stores.messages.addReaction(aReaction(second, author.id, '👀', { createdAt: at(11) }), { distinctEmoji: 20, total: 5000 });
      await stores.messages.addReaction(aReaction(second, reader.id, '✅', { createdAt: at(12) }), { distinctEmoji: 20, total: 5000 });

      for (const viewer of [author, reader]) {
        const page = await pageFor(channel.id, { limit: 10 }, viewer.id);
        expect(page).toEqual([await stores.messages.view(first.id, viewer.id), await stores.messages.view(second.id, viewer.id)]);
      }
      expect((await pageFor(channel.id, { limit: 10 }, reader.id)).map((view) => view.reactions)).toEqual([
        [{ emoji: '👀', count: 1, reacted: true }],
        [
          { emoji: '👀', count: 1, reacted: false },
          { emoji: '✅', count: 1, reacted: true },
        ],
      ]);
    });
  });
}

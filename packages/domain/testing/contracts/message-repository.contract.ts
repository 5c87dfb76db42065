import {
  NO_MENTIONS,
  type Actor,
  type Gated,
  type Channel,
  type Id,
  type Message,
  type MessageCursor,
  type MessageView,
  type Server,
  type User,
} from '../../src';
import { aChannelWithAuthor, aMessage, aReaction, at, freshId, freshIds, givenActor, givenMessage, givenUser, summaryOf, withoutAuthor, type SeedableStores } from './fixtures';
import { idsOf, viewOf, viewsOf, type MessageContractContext } from './message-contract-helpers';
import { describeMessageAround } from './message-around.contract';
import { describeMessageGate } from './message-gate.contract';
import { describeMessagePermissions } from './message-permissions.contract';
import { describeMessagePages } from './message-pages.contract';
import { describeMessageMentions } from './message-mentions.contract';
import { describeMessageAttachments } from './message-attachments.contract';
import { describeMessageReplyAttachments } from './message-reply-attachments.contract';
import { describeMessageReactions } from './message-reactions.contract';
import { describeMessageReplies } from './message-replies.contract';
import { describeMessagePins } from './message-pins.contract';

/** What every `MessageRepository` must do. */
export function describeMessageRepositoryContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`MessageRepository contract: ${name}`, () => {
    let stores: SeedableStores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    /**
     * A fresh channel with ten messages m0..m9 in id order; pairs share a millisecond, and they are
     * stored out of order, so the order of every answer is the store's doing.
     */
    async function aChannelWithTenMessages(): Promise<{ server: Server; channel: Channel; author: User; m: Message[]; ids: Id[] }> {
      const { server, channel, author } = await aChannelWithAuthor(stores);
      const m = freshIds(10).map((id, i) =>
        aMessage(channel.id, author.id, { id, content: `message ${i}`, createdAt: at(Math.floor(i / 2) * 1000) }),
      );
      for (const i of [3, 0, 9, 5, 1, 7, 2, 8, 4, 6]) await stores.messages.create(m[i] as Message);
      return { server, channel, author, m, ids: idsOf(m) };
    }

    /** `pageJsonAs`, read back as views (dates as dates), so pages compare with the messages stored. */
    async function pageAs(actor: Actor, channelId: Id, cursor: MessageCursor): Promise<Gated<MessageView[]>> {
      const page = await stores.messages.pageJsonAs(actor, channelId, cursor);
      return page.ok ? { ok: true, value: viewsOf(page.value) } : page;
    }

    /** The page as `viewerId` sees it, with a live session (the viewer must be a member). */
    async function pageFor(channelId: Id, cursor: MessageCursor, viewerId: Id): Promise<MessageView[]> {
      const page = await pageAs(await givenActor(stores, viewerId), channelId, cursor);
      if (!page.ok) throw new Error(`the gate should be open, not ${JSON.stringify(page.facts)}`);
      return page.value;
    }

    const ctx: MessageContractContext = { stores: () => stores, aChannelWithTenMessages, pageAs, pageFor };

    describe('create, findById and view', () => {
      it('creates a message and finds it by id exactly as stored', async () => {
        const { channel, author } = await aChannelWithAuthor(stores);
        const message = aMessage(channel.id, author.id, {
          content: 'Hello, wörld 👋🏽\nsecond line\t"quoted" \'single\' \\ 👨‍👩‍👧‍👦',
          createdAt: at(123),
        });

        await stores.messages.create(message);

        expect(await stores.messages.findById(message.id)).toEqual(message);
      });

      it('shows a message as a reader sees it: author summary, editedAt null, no reactions', async () => {
        const { channel, author } = await aChannelWithAuthor(stores);
        const reader = await givenUser(stores);
        const message = await givenMessage(stores, channel.id, author.id, { createdAt: at(5) });

        const { pinnedAt: _pinnedAt, ...fields } = withoutAuthor(message);
        expect(await stores.messages.view(message.id, reader.id)).toEqual({
          ...fields,
          replyTo: null,
          pinned: false,
          id: message.id,
          channelId: channel.id,
          content: message.content,
          createdAt: message.createdAt,
          editedAt: null,
          author: summaryOf(author),
          reactions: [],
        });
      });

      it('answers null for an unknown message', async () => {
        const viewer = await givenUser(stores);

        expect(await stores.messages.findById(freshId())).toBeNull();
        expect(await stores.messages.view(freshId(), viewer.id)).toBeNull();
      });
    });

    describeMessagePages(ctx);
    describeMessageAround(ctx);
    describeMessageGate(ctx);
    describeMessagePermissions(ctx);
    describeMessageMentions(ctx);
    describeMessageAttachments(ctx);
    describeMessageReplyAttachments(ctx);
    describeMessageReplies(ctx);
    describeMessagePins(ctx);

    describe('updateContent', () => {
      it('sets the content and editedAt, and keeps everything else', async () => {
        const { channel, author } = await aChannelWithAuthor(stores);
        const message = await givenMessage(stores, channel.id, author.id, { content: 'before', createdAt: at(0) });

        await stores.messages.updateContent(message.id, 'after ✏️', at(60_000), NO_MENTIONS);

        expect(await stores.messages.findById(message.id)).toEqual({ ...message, content: 'after ✏️', editedAt: at(60_000) });
      });

      it('shows the edit in view, with editedAt set', async () => {
        const { channel, author } = await aChannelWithAuthor(stores);
        const message = await givenMessage(stores, channel.id, author.id, { content: 'before', createdAt: at(0) });

        await stores.messages.updateContent(message.id, 'after', at(1_000), NO_MENTIONS);
        await stores.messages.updateContent(message.id, 'after again', at(2_000), NO_MENTIONS);

        expect(await stores.messages.view(message.id, author.id)).toEqual(
          viewOf({ ...message, content: 'after again', editedAt: at(2_000) }, author),
        );
      });

      it('leaves the reactions of an edited message in place', async () => {
        const { channel, author } = await aChannelWithAuthor(stores);
        const message = await givenMessage(stores, channel.id, author.id);
        await stores.messages.addReaction(aReaction(message, author.id, '👍'), { distinctEmoji: 20, total: 5000 });

        await stores.messages.updateContent(message.id, 'edited', at(1), NO_MENTIONS);

        expect(await stores.messages.reactionState(message.channelId, message.id, '👍', author.id)).toEqual({
          messageId: message.id,
          emoji: '👍',
          count: 1,
          reacted: true,
        });
      });
    });

    describe('delete', () => {
      it('removes the message: findById and view answer null, pages leave it out', async () => {
        const { channel, author, m, ids } = await aChannelWithTenMessages();

        await stores.messages.delete(ids[4] as Id);

        expect(await stores.messages.findById(ids[4] as Id)).toBeNull();
        expect(await stores.messages.view(ids[4] as Id, author.id)).toBeNull();
        expect(idsOf(await pageFor(channel.id, { limit: 50 }, author.id))).toEqual(
          ids.filter((id) => id !== ids[4]),
        );
        expect(await stores.messages.findById(ids[3] as Id)).toEqual(m[3]);
      });

      it('removes its reactions with it', async () => {
        const { channel, author } = await aChannelWithAuthor(stores);
        const reactor = await givenUser(stores);
        const message = await givenMessage(stores, channel.id, author.id);
        await stores.messages.addReaction(aReaction(message, reactor.id, '👍'), { distinctEmoji: 20, total: 5000 });
        await stores.messages.addReaction(aReaction(message, author.id, '🎉'), { distinctEmoji: 20, total: 5000 });

        await stores.messages.delete(message.id);

        expect(await stores.messages.reactionState(message.channelId, message.id, '👍', reactor.id)).toEqual({
          messageId: message.id,
          emoji: '👍',
          count: 0,
          reacted: false,
        });
        expect((await stores.messages.reactionState(message.channelId, message.id, '🎉', author.id)).count).toBe(0);
      });

      it('leaves the other messages and their reactions alone', async () => {
        const { channel, author } = await aChannelWithAuthor(stores);
        const doomed = await givenMessage(stores, channel.id, author.id);
        const kept = await givenMessage(stores, channel.id, author.id);
        await stores.messages.addReaction(aReaction(doomed, author.id, '👍'), { distinctEmoji: 20, total: 5000 });
        await stores.messages.addReaction(aReaction(kept, author.id, '👍'), { distinctEmoji: 20, total: 5000 });

        expect(await stores.messages.delete(doomed.id)).toBe('deleted');
        expect(await stores.messages.delete(doomed.id)).toBe('absent');

        expect(await stores.messages.view(kept.id, author.id)).toEqual(viewOf(kept, author, [{ emoji: '👍', count: 1, reacted: true }]));
      });
    });

    describeMessageReactions(ctx);
  });
}

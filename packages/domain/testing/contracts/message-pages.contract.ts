import { NO_MENTIONS, type Channel, type Id, type User } from '../../src';
import type { SeedableStores } from './fixtures';
import {
  aChannelWithAuthor,
  aMessage,
  aReaction,
  aWiderId,
  at,
  freshIds,
  givenChannel,
  givenMemberOf,
  givenMessage,
  givenUser,
} from './fixtures';
import { idsOf, viewOf, type MessageContractContext } from './message-contract-helpers';

/** The message contract's pages: every cursor, order and edge. */
export function describeMessagePages(ctx: MessageContractContext): void {
  const { aChannelWithTenMessages, pageFor } = ctx;
  let stores: SeedableStores;
  beforeEach(() => {
    stores = ctx.stores();
  });

  describe('pages (pageJsonAs with its gate open)', () => {
    it('without a cursor, answers the newest `limit` messages in chronological order', async () => {
      const { channel, author, m } = await aChannelWithTenMessages();

      expect(await pageFor(channel.id, { limit: 4 }, author.id)).toEqual(
        m.slice(6).map((message) => viewOf(message, author)),
      );
    });

    it('without a cursor, answers every message when there are fewer than `limit`', async () => {
      const { channel, author, ids } = await aChannelWithTenMessages();

      expect(idsOf(await pageFor(channel.id, { limit: 50 }, author.id))).toEqual(ids);
    });

    it('answers an empty page for a channel with no messages', async () => {
      const { channel, author } = await aChannelWithAuthor(stores);

      expect(await pageFor(channel.id, { limit: 50 }, author.id)).toEqual([]);
    });

    it('with `before`, answers the `limit` messages just older, the cursor itself excluded', async () => {
      const { channel, author, ids } = await aChannelWithTenMessages();

      expect(idsOf(await pageFor(channel.id, { before: ids[5], limit: 3 }, author.id))).toEqual(ids.slice(2, 5));
    });

    it('with `before` near the start, answers the fewer messages there are, and nothing before the oldest', async () => {
      const { channel, author, ids } = await aChannelWithTenMessages();

      expect(idsOf(await pageFor(channel.id, { before: ids[2], limit: 5 }, author.id))).toEqual(ids.slice(0, 2));
      expect(await pageFor(channel.id, { before: ids[0], limit: 5 }, author.id)).toEqual([]);
    });

    it('with `after`, answers the `limit` messages just newer, the cursor itself excluded', async () => {
      const { channel, author, ids } = await aChannelWithTenMessages();

      expect(idsOf(await pageFor(channel.id, { after: ids[5], limit: 3 }, author.id))).toEqual(ids.slice(6, 9));
    });

    it('with `after` near the end, answers the fewer messages there are, and nothing after the newest', async () => {
      const { channel, author, ids } = await aChannelWithTenMessages();

      expect(idsOf(await pageFor(channel.id, { after: ids[7], limit: 5 }, author.id))).toEqual(ids.slice(8));
      expect(await pageFor(channel.id, { after: ids[9], limit: 5 }, author.id)).toEqual([]);
    });

    it('with both cursors, answers the `limit` messages of the open interval nearest `after`', async () => {
      const { channel, author, ids } = await aChannelWithTenMessages();

      expect(idsOf(await pageFor(channel.id, { after: ids[1], before: ids[8], limit: 3 }, author.id))).toEqual(
        ids.slice(2, 5),
      );
    });

    it('with both cursors, answers the whole open interval when it holds fewer than `limit`', async () => {
      const { channel, author, ids } = await aChannelWithTenMessages();

      expect(idsOf(await pageFor(channel.id, { after: ids[1], before: ids[5], limit: 10 }, author.id))).toEqual(
        ids.slice(2, 5),
      );
    });

    it('with both cursors, answers nothing for an empty or inverted interval', async () => {
      const { channel, author, ids } = await aChannelWithTenMessages();

      expect(await pageFor(channel.id, { after: ids[3], before: ids[4], limit: 10 }, author.id)).toEqual([]);
      expect(await pageFor(channel.id, { after: ids[4], before: ids[4], limit: 10 }, author.id)).toEqual([]);
      expect(await pageFor(channel.id, { after: ids[6], before: ids[2], limit: 10 }, author.id)).toEqual([]);
    });

    it('takes cursors that name no message as positions in id order', async () => {
      const { channel, author } = await aChannelWithAuthor(stores);
      // Ids handed out but never used fall between the messages.
      const [gapBefore, id0, id1, gap, id2, id3, gapAfter] = freshIds(7) as [Id, Id, Id, Id, Id, Id, Id];
      for (const id of [id0, id1, id2, id3]) await givenMessage(stores, channel.id, author.id, { id });

      expect(idsOf(await pageFor(channel.id, { before: gap, limit: 10 }, author.id))).toEqual([id0, id1]);
      expect(idsOf(await pageFor(channel.id, { after: gap, limit: 10 }, author.id))).toEqual([id2, id3]);
      expect(idsOf(await pageFor(channel.id, { after: gapBefore, limit: 1 }, author.id))).toEqual([id0]);
      expect(idsOf(await pageFor(channel.id, { before: gapAfter, limit: 1 }, author.id))).toEqual([id3]);
      expect(idsOf(await pageFor(channel.id, { after: '0', limit: 2 }, author.id))).toEqual([id0, id1]);
    });

    it('still takes the id of a deleted message as a cursor', async () => {
      const { channel, author, ids } = await aChannelWithTenMessages();
      await stores.messages.delete(ids[5] as Id);

      expect(idsOf(await pageFor(channel.id, { before: ids[5], limit: 3 }, author.id))).toEqual(ids.slice(2, 5));
      expect(idsOf(await pageFor(channel.id, { after: ids[5], limit: 3 }, author.id))).toEqual(ids.slice(6, 9));
      expect(idsOf(await pageFor(channel.id, { after: ids[3], before: ids[7], limit: 10 }, author.id))).toEqual([
        ids[4],
        ids[6],
      ]);
    });

    it("answers only the channel's own messages, even when another channel's messages are interleaved by id", async () => {
      const { server, channel, author } = await aChannelWithAuthor(stores);
      const other = await givenChannel(stores, server.id);
      const mine: Id[] = [];
      for (let i = 0; i < 5; i += 1) {
        mine.push((await givenMessage(stores, channel.id, author.id)).id);
        await givenMessage(stores, other.id, author.id);
      }

      expect(idsOf(await pageFor(channel.id, { limit: 50 }, author.id))).toEqual(mine);
      expect(idsOf(await pageFor(channel.id, { limit: 2 }, author.id))).toEqual(mine.slice(3));
    });

    it("takes a cursor from another channel as a mere position, and never answers that channel's messages", async () => {
      const { server, channel, author } = await aChannelWithAuthor(stores);
      const other = await givenChannel(stores, server.id);
      const mine: Id[] = [];
      const theirs: Id[] = [];
      for (let i = 0; i < 4; i += 1) {
        mine.push((await givenMessage(stores, channel.id, author.id)).id);
        theirs.push((await givenMessage(stores, other.id, author.id)).id);
      }
      // Id order: mine0 theirs0 mine1 theirs1 mine2 theirs2 mine3 theirs3.

      expect(idsOf(await pageFor(channel.id, { before: theirs[1], limit: 10 }, author.id))).toEqual(mine.slice(0, 2));
      expect(idsOf(await pageFor(channel.id, { after: theirs[1], limit: 10 }, author.id))).toEqual(mine.slice(2));
      expect(
        idsOf(await pageFor(channel.id, { after: theirs[0], before: theirs[2], limit: 10 }, author.id)),
      ).toEqual(mine.slice(1, 3));
      expect(await pageFor(channel.id, { after: theirs[3], limit: 10 }, author.id)).toEqual([]);
    });

    it('orders messages by the numeric value of their ids, not by their text', async () => {
      const { channel, author } = await aChannelWithAuthor(stores);
      const first = await givenMessage(stores, channel.id, author.id, { createdAt: at(0) });
      // One more digit: numerically after `first`, alphabetically before it.
      const second = await givenMessage(stores, channel.id, author.id, { id: aWiderId(), createdAt: at(1) });

      expect(idsOf(await pageFor(channel.id, { limit: 10 }, author.id))).toEqual([first.id, second.id]);
      expect(idsOf(await pageFor(channel.id, { limit: 1 }, author.id))).toEqual([second.id]);
      expect(idsOf(await pageFor(channel.id, { before: second.id, limit: 10 }, author.id))).toEqual([first.id]);
      expect(idsOf(await pageFor(channel.id, { after: first.id, limit: 10 }, author.id))).toEqual([second.id]);
    });

    it('orders and pages by id even when createdAt disagrees with it (clocks of two replicas)', async () => {
      const { channel, author } = await aChannelWithAuthor(stores);
      const [id0, id1, id2] = freshIds(3) as [Id, Id, Id];
      await givenMessage(stores, channel.id, author.id, { id: id0, createdAt: at(1000) });
      await givenMessage(stores, channel.id, author.id, { id: id1, createdAt: at(990) });
      await givenMessage(stores, channel.id, author.id, { id: id2, createdAt: at(1005) });

      expect(idsOf(await pageFor(channel.id, { limit: 10 }, author.id))).toEqual([id0, id1, id2]);
      expect(idsOf(await pageFor(channel.id, { before: id2, limit: 1 }, author.id))).toEqual([id1]);
      expect(idsOf(await pageFor(channel.id, { after: id0, limit: 1 }, author.id))).toEqual([id1]);
    });

    describe('walking a channel of 60 messages, many sharing a millisecond, 7 at a time', () => {
      async function aBusyChannel(): Promise<{ channel: Channel; author: User; ids: Id[] }> {
        const { channel, author } = await aChannelWithAuthor(stores);
        const ids = freshIds(60);
        // Twelve messages per millisecond, stored in a scrambled order.
        for (let k = 0; k < 60; k += 1) {
          const i = (k * 37) % 60;
          await stores.messages.create(aMessage(channel.id, author.id, { id: ids[i] as Id, createdAt: at(Math.floor(i / 12)) }));
        }
        return { channel, author, ids };
      }

      it('walking back with `before` returns every message exactly once, each page chronological', async () => {
        const { channel, author, ids } = await aBusyChannel();
        const pages: Id[][] = [];
        let before: Id | undefined;
        for (let guard = 0; guard < 20; guard += 1) {
          const page = idsOf(await pageFor(channel.id, before === undefined ? { limit: 7 } : { before, limit: 7 }, author.id));
          if (page.length === 0) break;
          pages.push(page);
          before = page[0];
        }

        expect(pages.map((page) => page.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 7, 4]);
        expect(pages.reverse().flat()).toEqual(ids);
      });

      it('walking forward with `after` returns every message exactly once, each page chronological', async () => {
        const { channel, author, ids } = await aBusyChannel();
        const pages: Id[][] = [];
        let after: Id = '0';
        for (let guard = 0; guard < 20; guard += 1) {
          const page = idsOf(await pageFor(channel.id, { after, limit: 7 }, author.id));
          if (page.length === 0) break;
          pages.push(page);
          after = page[page.length - 1] as Id;
        }

        expect(pages.map((page) => page.length)).toEqual([7, 7, 7, 7, 7, 7, 7, 7, 4]);
        expect(pages.flat()).toEqual(ids);
      });
    });

    it('shows each message of a page as the viewer sees it: author, edits and reactions', async () => {
      const { server, channel, author } = await aChannelWithAuthor(stores);
      const { user: viewer } = await givenMemberOf(stores, server.id);
      const other = await givenUser(stores);
      const plain = await givenMessage(stores, channel.id, author.id, { createdAt: at(1) });
      const byOther = await givenMessage(stores, channel.id, other.id, { createdAt: at(2) });
      const edited = await givenMessage(stores, channel.id, author.id, { createdAt: at(3) });
      await stores.messages.updateContent(edited.id, 'edited content', at(50), NO_MENTIONS);
      await stores.messages.addReaction(aReaction(byOther, viewer.id, '👍', { createdAt: at(10) }), { distinctEmoji: 20, total: 5000 });
      await stores.messages.addReaction(aReaction(byOther, other.id, '👍', { createdAt: at(11) }), { distinctEmoji: 20, total: 5000 });
      await stores.messages.addReaction(aReaction(edited, other.id, '🎉', { createdAt: at(12) }), { distinctEmoji: 20, total: 5000 });

      expect(await pageFor(channel.id, { limit: 10 }, viewer.id)).toEqual([
        viewOf(plain, author),
        viewOf(byOther, other, [{ emoji: '👍', count: 2, reacted: true }]),
        viewOf({ ...edited, content: 'edited content', editedAt: at(50) }, author, [{ emoji: '🎉', count: 1, reacted: false }]),
      ]);
    });
  });

}

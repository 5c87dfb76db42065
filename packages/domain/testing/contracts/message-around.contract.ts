import type { Actor, AroundCursor, Gated, Id, MessageView } from '../../src';
import type { SeedableStores } from './fixtures';
import { aChannelWithAuthor, freshId, givenActor, givenChannel, givenMessage, givenUser } from './fixtures';
import { idsOf, viewOf, viewsOf, type MessageContractContext } from './message-contract-helpers';

/** The message contract's page around a message: who is in it, in which order, and when there is none. */
export function describeMessageAround(ctx: MessageContractContext): void {
  const { aChannelWithTenMessages } = ctx;
  let stores: SeedableStores;
  beforeEach(() => {
    stores = ctx.stores();
  });

  /** `pageAroundJsonAs`, read back as views; null stays null. */
  async function aroundAs(actor: Actor, channelId: Id, cursor: AroundCursor): Promise<Gated<MessageView[] | null>> {
    const page = await stores.messages.pageAroundJsonAs(actor, channelId, cursor);
    if (!page.ok) return page;
    return { ok: true, value: page.value === null ? null : viewsOf(page.value) };
  }

  /** The ids of the page around `around` of `limit`, as `viewerId` (a member) reads it. */
  async function aroundIds(channelId: Id, around: Id, limit: number, viewerId: Id): Promise<Id[] | null> {
    const page = await aroundAs(await givenActor(stores, viewerId), channelId, { around, limit });
    if (!page.ok) throw new Error(`the gate should be open, not ${JSON.stringify(page.facts)}`);
    return page.value === null ? null : idsOf(page.value);
  }

  describe('pageAroundJsonAs', () => {
    it('answers the message between its older and newer neighbours, in chronological order, the older first in turn', async () => {
      const { channel, author, m, ids } = await aChannelWithTenMessages();

      expect(await aroundAs(await givenActor(stores, author.id), channel.id, { around: ids[5] as Id, limit: 5 })).toEqual({
        ok: true,
        value: m.slice(3, 8).map((message) => viewOf(message, author)),
      });
      expect(await aroundIds(channel.id, ids[5] as Id, 4, author.id)).toEqual(ids.slice(3, 7));
      expect(await aroundIds(channel.id, ids[5] as Id, 2, author.id)).toEqual(ids.slice(4, 6));
      expect(await aroundIds(channel.id, ids[5] as Id, 1, author.id)).toEqual([ids[5]]);
    });

    it('fills the page from the other side near either end, and answers the whole channel when it is shorter than limit', async () => {
      const { channel, author, ids } = await aChannelWithTenMessages();

      expect(await aroundIds(channel.id, ids[9] as Id, 5, author.id)).toEqual(ids.slice(5));
      expect(await aroundIds(channel.id, ids[8] as Id, 5, author.id)).toEqual(ids.slice(5));
      expect(await aroundIds(channel.id, ids[0] as Id, 5, author.id)).toEqual(ids.slice(0, 5));
      expect(await aroundIds(channel.id, ids[1] as Id, 5, author.id)).toEqual(ids.slice(0, 5));
      expect(await aroundIds(channel.id, ids[4] as Id, 50, author.id)).toEqual(ids);
    });

    it("answers null for an id that is no message of the channel: unknown, deleted, or another channel's", async () => {
      const { server, channel, author, ids } = await aChannelWithTenMessages();
      const elsewhere = await givenMessage(stores, (await givenChannel(stores, server.id)).id, author.id);
      await stores.messages.delete(ids[3] as Id);

      expect(await aroundIds(channel.id, freshId(), 5, author.id)).toBeNull();
      expect(await aroundIds(channel.id, ids[3] as Id, 5, author.id)).toBeNull();
      expect(await aroundIds(channel.id, elsewhere.id, 5, author.id)).toBeNull();
    });

    it('tells an outsider nothing of the message: the gate refuses first', async () => {
      const { channel, ids } = await aChannelWithTenMessages();
      const outsider = await givenActor(stores, (await givenUser(stores)).id);

      expect(await aroundAs(outsider, channel.id, { around: ids[5] as Id, limit: 5 })).toEqual({
        ok: false,
        facts: { sessionLive: true, channelFound: true, member: false, permissions: 0, conversation: false, blocked: false },
      });
      expect(await aroundAs(outsider, channel.id, { around: freshId(), limit: 5 })).toEqual(await aroundAs(outsider, channel.id, { around: ids[5] as Id, limit: 5 }));
    });

    it('walks only its own channel around the message, whatever other channels hold between its neighbours', async () => {
      const { server, channel, author } = await aChannelWithAuthor(stores);
      const other = await givenChannel(stores, server.id);
      const mine: Id[] = [];
      for (let i = 0; i < 7; i += 1) {
        mine.push((await givenMessage(stores, channel.id, author.id)).id);
        await givenMessage(stores, other.id, author.id);
      }

      expect(await aroundIds(channel.id, mine[3] as Id, 3, author.id)).toEqual(mine.slice(2, 5));
    });
  });
}

import { bitsOf, MAX_PINS, type Message } from '../../src';
import type { SeedableStores } from './fixtures';
import { aChannelWithAuthor, aConversation, at, freshId, givenActor, givenChannel, givenMemberOf, givenMessage, givenUser } from './fixtures';
import { idsOf, viewsOf, type MessageContractContext } from './message-contract-helpers';

/**
 * Pins: a message of the channel is pinned once (again: `already`), at most `cap` a channel, even
 * under races; pages show `pinned`; the list holds the channel's pinned messages, most recently
 * pinned first, gated as a page is.
 */
export function describeMessagePins(ctx: MessageContractContext): void {
  describe('pins', () => {
    let stores: SeedableStores;
    beforeEach(() => {
      stores = ctx.stores();
    });

    async function aChannelWith(count: number) {
      const { server, channel, author } = await aChannelWithAuthor(stores);
      const messages: Message[] = [];
      for (let i = 0; i < count; i++) messages.push(await givenMessage(stores, channel.id, author.id, { content: `m${i}` }));
      return { server, channel, author, messages, actor: await givenActor(stores, author.id) };
    }

    it('pins a message once: pages show it pinned, and the list has it', async () => {
      const { channel, author, messages, actor } = await aChannelWith(2);
      const [first, second] = messages as [Message, Message];

      expect(await stores.messages.pin(channel.id, first.id, at(1), MAX_PINS)).toBe('pinned');
      expect(await stores.messages.pin(channel.id, first.id, at(2), MAX_PINS)).toBe('already');

      expect((await stores.messages.findById(first.id))?.pinnedAt).toEqual(at(1));
      expect((await ctx.pageFor(channel.id, { limit: 50 }, author.id)).map((m) => [m.id, m.pinned])).toEqual([[first.id, true], [second.id, false]]);
      expect((await stores.messages.view(first.id, author.id))?.pinned).toBe(true);
      const pins = await stores.messages.pinsJsonAs(actor, channel.id);
      expect(pins.ok && viewsOf(pins.value)).toEqual((await ctx.pageFor(channel.id, { limit: 50 }, author.id)).slice(0, 1));
    });

    it('lists the pinned messages most recently pinned first, the newest message first among those pinned at once', async () => {
      const { channel, messages, actor } = await aChannelWith(4);
      const [m0, m1, m2, m3] = messages.map((m) => m.id) as [string, string, string, string];
      await stores.messages.pin(channel.id, m2, at(1), MAX_PINS);
      await stores.messages.pin(channel.id, m0, at(5), MAX_PINS);
      await stores.messages.pin(channel.id, m1, at(3), MAX_PINS);
      await stores.messages.pin(channel.id, m3, at(3), MAX_PINS);

      const pins = await stores.messages.pinsJsonAs(actor, channel.id);

      expect(pins.ok && idsOf(viewsOf(pins.value))).toEqual([m0, m3, m1, m2]);
    });

    it('unpins: the message shows unpinned and leaves the list; unpinning again is absent', async () => {
      const { channel, messages, actor } = await aChannelWith(1);
      const [only] = messages as [Message];
      await stores.messages.pin(channel.id, only.id, at(1), MAX_PINS);

      expect(await stores.messages.unpin(channel.id, only.id)).toBe('unpinned');
      expect(await stores.messages.unpin(channel.id, only.id)).toBe('absent');

      expect((await stores.messages.findById(only.id))?.pinnedAt).toBeNull();
      expect(await stores.messages.pinsJsonAs(actor, channel.id)).toEqual({ ok: true, value: '[]' });
    });

    it('pins and unpins no message of another channel, nor one that is not there', async () => {
      const { server, channel, messages } = await aChannelWith(1);
      const other = await givenChannel(stores, server.id);

      expect(await stores.messages.pin(other.id, messages[0]!.id, at(1), MAX_PINS)).toBe('MessageNotFound');
      expect(await stores.messages.pin(channel.id, freshId(), at(1), MAX_PINS)).toBe('MessageNotFound');
      expect(await stores.messages.unpin(other.id, messages[0]!.id)).toBe('absent');
      expect((await stores.messages.findById(messages[0]!.id))?.pinnedAt).toBeNull();
    });

    it('holds the cap: one past it is refused, even when pins race for the last place', async () => {
      const { channel, messages, actor } = await aChannelWith(6);
      for (const m of messages.slice(0, 3)) expect(await stores.messages.pin(channel.id, m.id, at(1), 4)).toBe('pinned');

      const raced = await Promise.all(messages.slice(3).map((m) => stores.messages.pin(channel.id, m.id, at(2), 4)));

      expect(raced.filter((outcome) => outcome === 'pinned')).toHaveLength(1);
      expect(raced.filter((outcome) => outcome === 'TooManyPins')).toHaveLength(2);
      const pins = await stores.messages.pinsJsonAs(actor, channel.id);
      expect(pins.ok && viewsOf(pins.value).length).toBe(4);
      // A message already pinned is `already`, not refused, at the cap.
      expect(await stores.messages.pin(channel.id, messages[0]!.id, at(3), 4)).toBe('already');
    });

    it('takes a deleted message off the list', async () => {
      const { channel, messages, actor } = await aChannelWith(2);
      for (const m of messages) await stores.messages.pin(channel.id, m.id, at(1), MAX_PINS);

      await stores.messages.delete(messages[0]!.id);

      const pins = await stores.messages.pinsJsonAs(actor, channel.id);
      expect(pins.ok && idsOf(viewsOf(pins.value))).toEqual([messages[1]!.id]);
    });

    it('lists pins only behind the gate: a member who cannot see the channel and a stranger get facts, a recipient the list', async () => {
      const { server, channel, messages } = await aChannelWith(1);
      await stores.messages.pin(channel.id, messages[0]!.id, at(1), MAX_PINS);
      const hidden = (await givenMemberOf(stores, server.id)).user;
      await stores.channels.setOverwrite(channel.id, { id: hidden.id, type: 'member', allow: 0, deny: bitsOf(['VIEW_CHANNEL']) });
      const stranger = await givenUser(stores);

      const refused = await stores.messages.pinsJsonAs(await givenActor(stores, hidden.id), channel.id);
      expect(refused.ok === false && refused.facts).toEqual(expect.objectContaining({ channelFound: true, member: true, permissions: expect.any(Number) }));
      const outside = await stores.messages.pinsJsonAs(await givenActor(stores, stranger.id), channel.id);
      expect(outside.ok === false && outside.facts).toEqual(expect.objectContaining({ channelFound: true, member: false }));

      const [a, b] = [await givenUser(stores), await givenUser(stores)];
      const dm = aConversation(a.id, [b.id]);
      await stores.conversations.create(dm);
      const said = await givenMessage(stores, dm.id, a.id);
      expect(await stores.messages.pin(dm.id, said.id, at(1), MAX_PINS)).toBe('pinned');
      const listed = await stores.messages.pinsJsonAs(await givenActor(stores, b.id), dm.id);
      expect(listed.ok && idsOf(viewsOf(listed.value))).toEqual([said.id]);
    });
  });
}

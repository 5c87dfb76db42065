import { messageJson } from '@chat/contract';
import {
  ALL_PERMISSIONS,
  NO_MENTIONS,
  type AccessFacts,
  type Actor,
  type Id,
  type Message,
  type MessageView,
  type Stores,
  type User,
} from '../../src';
import type { SeedableStores } from './fixtures';
import {
  aChannelWithAuthor,
  aMessage,
  aReaction,
  at,
  freshId,
  givenActor,
  givenMemberOf,
  givenUser,
  receiptOf,
  withoutAuthor,
} from './fixtures';
import { idsOf, viewOf, type MessageContractContext } from './message-contract-helpers';

/** The message contract's gated operations: facts on refusal, nothing written. */
export function describeMessageGate(ctx: MessageContractContext): void {
  const { aChannelWithTenMessages, pageAs, pageFor } = ctx;
  let stores: SeedableStores;
  beforeEach(() => {
    stores = ctx.stores();
  });

  describe('pageJsonAs and createAs: the gate and the work in one look-up', () => {
    /** A live session for the user, as their token would name it. */
    const actorFor = (user: User): Promise<Actor> => givenActor(stores, user.id);

    it('pages for a member with a live session, cursors included', async () => {
      const { channel, author, m, ids } = await aChannelWithTenMessages();
      const actor = await actorFor(author);
      await stores.messages.addReaction(aReaction({ id: ids[9] as Id, channelId: channel.id }, author.id, '👍'), { distinctEmoji: 20, total: 5000 });

      expect(await pageAs(actor, channel.id, { limit: 4 })).toEqual({
        ok: true,
        value: [
          ...m.slice(6, 9).map((message) => viewOf(message, author)),
          viewOf(m[9] as Message, author, [{ emoji: '👍', count: 1, reacted: true }]),
        ],
      });
      const before = await pageAs(actor, channel.id, { before: ids[5], limit: 3 });
      expect(before.ok && idsOf(before.value)).toEqual(ids.slice(2, 5));
      const after = await pageAs(actor, channel.id, { after: ids[5], limit: 3 });
      expect(after.ok && idsOf(after.value)).toEqual(ids.slice(6, 9));
      expect(await pageAs(actor, channel.id, { after: ids[9], limit: 3 })).toEqual({ ok: true, value: [] });
    });

    it('reports a dead session as a fact: revoked, another user\'s, or none', async () => {
      const { channel, author } = await aChannelWithTenMessages();
      const other = await givenUser(stores);
      const revoked = await actorFor(author);
      await stores.sessions.revoke(revoked.sessionId);
      const borrowed = { userId: author.id, sessionId: (await actorFor(other)).sessionId };
      const none = { userId: author.id, sessionId: freshId() };

      for (const actor of [revoked, borrowed, none]) {
        expect(await pageAs(actor, channel.id, { limit: 5 })).toEqual({ ok: false, facts: { sessionLive: false, channelFound: true, member: true, permissions: ALL_PERMISSIONS, conversation: false, blocked: false } });
        expect(await pageAs(actor, freshId(), { limit: 5 })).toEqual({ ok: false, facts: { sessionLive: false, channelFound: false, member: false, permissions: 0, conversation: false, blocked: false } });
      }
    });

    it('reports an unknown channel and a non-member as facts, and pages nothing for an outsider', async () => {
      const { channel } = await aChannelWithTenMessages();
      const outsider = await actorFor(await givenUser(stores));

      expect(await pageAs(outsider, freshId(), { limit: 5 })).toEqual({ ok: false, facts: { sessionLive: true, channelFound: false, member: false, permissions: 0, conversation: false, blocked: false } });
      expect(await pageAs(outsider, channel.id, { limit: 5 })).toEqual({ ok: false, facts: { sessionLive: true, channelFound: true, member: false, permissions: 0, conversation: false, blocked: false } });
    });

    it('renders each message exactly as JSON.stringify of messageJson does, for every cursor and gate', async () => {
      const { channel, author, m, ids } = await aChannelWithTenMessages();
      const actor = await actorFor(author);
      const tricky = aMessage(channel.id, author.id, {
        content: 'Hello, wörld 👋🏽\n"quoted" \\ back\tslash </script> \u2028 \u0001 👨‍👩‍👧‍👦',
        createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 7)),
      });
      await stores.messages.create(tricky);
      await stores.messages.updateContent(m[3]?.id as Id, 'edited', new Date(Date.UTC(2026, 5, 6, 7, 8, 9, 120)), NO_MENTIONS);
      const other = await givenUser(stores);
      await stores.messages.addReaction(aReaction(tricky, other.id, '🎉'), { distinctEmoji: 20, total: 5000 });
      await stores.messages.addReaction(aReaction(tricky, author.id, '❤️'), { distinctEmoji: 20, total: 5000 });
      await stores.messages.addReaction(aReaction(tricky, other.id, '❤️'), { distinctEmoji: 20, total: 5000 });
      // Another message's reactions, first used in another order, so each list must land on its own message.
      await stores.messages.addReaction(aReaction(m[3]!, other.id, '❤️'), { distinctEmoji: 20, total: 5000 });
      await stores.messages.addReaction(aReaction(m[3]!, author.id, '👍'), { distinctEmoji: 20, total: 5000 });
      await stores.messages.addReaction(aReaction(m[3]!, author.id, '❤️'), { distinctEmoji: 20, total: 5000 });

      const cursors = [{ limit: 50 }, { limit: 3 }, { before: ids[5], limit: 3 }, { after: ids[5], limit: 3 }, { after: tricky.id, limit: 5 }];
      for (const cursor of cursors) {
        const rendered = await stores.messages.pageJsonAs(actor, channel.id, cursor);
        if (!rendered.ok) throw new Error('the gate should be open');
        // Byte for byte what the serializer writes for the same messages, seen by the same viewer.
        const ids = (JSON.parse(rendered.value) as { id: Id }[]).map(({ id }) => id);
        const views = await Promise.all(ids.map((id) => stores.messages.view(id, author.id)));
        expect(rendered.value).toBe(JSON.stringify(views.map((view) => messageJson(view as MessageView))));
      }
      const outsider = await actorFor(await givenUser(stores));
      expect(await stores.messages.pageJsonAs(outsider, channel.id, { limit: 5 })).toEqual({ ok: false, facts: { sessionLive: true, channelFound: true, member: false, permissions: 0, conversation: false, blocked: false } });
      expect(await stores.messages.pageJsonAs(outsider, freshId(), { limit: 5 })).toEqual({ ok: false, facts: { sessionLive: true, channelFound: false, member: false, permissions: 0, conversation: false, blocked: false } });
      expect(await stores.messages.pageJsonAs({ ...actor, sessionId: freshId() }, channel.id, { limit: 5 })).toEqual({ ok: false, facts: { sessionLive: false, channelFound: true, member: true, permissions: ALL_PERMISSIONS, conversation: false, blocked: false } });
    });

    it('creates a message for a member and answers them as its author', async () => {
      const { channel, author } = await aChannelWithAuthor(stores);
      const actor = await actorFor(author);
      const { authorId: _authorId, ...message } = aMessage(channel.id, author.id, { createdAt: at(77) });

      expect(await stores.messages.createAs(actor, message, null)).toEqual({ ok: true, value: receiptOf(author) });
      expect(await stores.messages.findById(message.id)).toEqual({ ...message, authorId: author.id });
    });

    it('stores nothing when the gate is closed, and says why', async () => {
      const { channel, author } = await aChannelWithAuthor(stores);
      const revoked = await actorFor(author);
      await stores.sessions.revoke(revoked.sessionId);
      const outsider = await actorFor(await givenUser(stores));
      const cases: [Actor, Id, AccessFacts][] = [
        [revoked, channel.id, { sessionLive: false, channelFound: true, member: true, permissions: ALL_PERMISSIONS, conversation: false, blocked: false }],
        [outsider, freshId(), { sessionLive: true, channelFound: false, member: false, permissions: 0, conversation: false, blocked: false }],
        [outsider, channel.id, { sessionLive: true, channelFound: true, member: false, permissions: 0, conversation: false, blocked: false }],
      ];
      for (const [actor, channelId, facts] of cases) {
        const { authorId: _authorId, ...message } = aMessage(channelId, actor.userId);
        expect(await stores.messages.createAs(actor, message, null)).toEqual({ ok: false, facts });
        expect(await stores.messages.findById(message.id)).toBeNull();
      }
      expect(await pageFor(channel.id, { limit: 50 }, author.id)).toEqual([]);
    });

    it('gives sends made at the same moment each their own gate and author, and stores just the ones it opens', async () => {
      await expectSendsAtOnceGatedEachAlone(stores);
    });
  });

}

/**
 * Six sends in the same moment, one for each gate outcome and with contents an array literal must
 * quote and escape: each gets its own answer and author, and only the open ones are stored. Shared
 * with adapter tests that also check how a store answered them (one batch statement).
 */
export async function expectSendsAtOnceGatedEachAlone(stores: Stores): Promise<void> {
  const { server, channel, author } = await aChannelWithAuthor(stores);
  const { user: other } = await givenMemberOf(stores, server.id);
  const revoked = await givenActor(stores, author.id);
  await stores.sessions.revoke(revoked.sessionId);
  const outsider = await givenActor(stores, (await givenUser(stores)).id);
  const [mine, theirs] = [await givenActor(stores, author.id), await givenActor(stores, other.id)];
  // Contents that an array literal must quote and escape, and timestamps down to the millisecond.
  const sends: [Actor, Id, Partial<Message>][] = [
    [mine, channel.id, { content: 'one, "two" {three} \\ NULL', createdAt: at(1) }],
    [outsider, channel.id, {}],
    [revoked, channel.id, {}],
    [theirs, channel.id, { content: 'NULL', createdAt: at(2) }],
    [outsider, freshId(), {}],
    [mine, channel.id, { content: 'wörld 👋🏽\n\t\u0001 ', createdAt: at(3) }],
  ];
  const messages = sends.map(([actor, channelId, overrides]) => aMessage(channelId, actor.userId, overrides));

  const results = await Promise.all(sends.map(([actor], i) => stores.messages.createAs(actor, withoutAuthor(messages[i] as Message), null)));

  expect(results).toEqual([
    { ok: true, value: receiptOf(author) },
    { ok: false, facts: { sessionLive: true, channelFound: true, member: false, permissions: 0, conversation: false, blocked: false } },
    { ok: false, facts: { sessionLive: false, channelFound: true, member: true, permissions: ALL_PERMISSIONS, conversation: false, blocked: false } },
    { ok: true, value: receiptOf(other) },
    { ok: false, facts: { sessionLive: true, channelFound: false, member: false, permissions: 0, conversation: false, blocked: false } },
    { ok: true, value: receiptOf(author) },
  ]);
  const stored = await Promise.all(messages.map((message) => stores.messages.findById(message.id)));
  expect(stored).toEqual([messages[0], null, null, messages[3], null, messages[5]]);
}

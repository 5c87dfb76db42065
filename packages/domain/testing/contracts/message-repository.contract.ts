import { messageViewJson, type AccessFacts, type Actor, type Gated, type Channel, type Id, type Message, type MessageCursor, type MessageView, type ReactionSummary, type Stores, type User } from '../../src';
import {
  aChannelWithAuthor,
  aMessage,
  aReaction,
  aWiderId,
  at,
  freshId,
  freshIds,
  givenActor,
  givenChannel,
  givenMemberOf,
  givenMessage,
  givenUser,
  summaryOf,
  withoutAuthor,
} from './fixtures';

const viewOf = (message: Message, author: User, reactions: ReactionSummary[] = []): MessageView => ({
  id: message.id,
  channelId: message.channelId,
  content: message.content,
  createdAt: message.createdAt,
  editedAt: message.editedAt,
  author: summaryOf(author),
  reactions,
});

const idsOf = (items: readonly { readonly id: Id }[]): Id[] => items.map((item) => item.id);

/** What every `MessageRepository` must do. */
export function describeMessageRepositoryContract(name: string, makeStores: () => Promise<Stores>): void {
  describe(`MessageRepository contract: ${name}`, () => {
    let stores: Stores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    /**
     * A fresh channel with ten messages m0..m9 in id order; pairs share a millisecond, and they are
     * stored out of order, so the order of every answer is the store's doing.
     */
    async function aChannelWithTenMessages(): Promise<{ channel: Channel; author: User; m: Message[]; ids: Id[] }> {
      const { channel, author } = await aChannelWithAuthor(stores);
      const m = freshIds(10).map((id, i) =>
        aMessage(channel.id, author.id, { id, content: `message ${i}`, createdAt: at(Math.floor(i / 2) * 1000) }),
      );
      for (const i of [3, 0, 9, 5, 1, 7, 2, 8, 4, 6]) await stores.messages.create(m[i] as Message);
      return { channel, author, m, ids: idsOf(m) };
    }

    /** `pageJsonAs`, read back as views (dates as dates), so pages compare with the messages stored. */
    async function pageAs(actor: Actor, channelId: Id, cursor: MessageCursor): Promise<Gated<MessageView[]>> {
      const page = await stores.messages.pageJsonAs(actor, channelId, cursor);
      if (!page.ok) return page;
      const views = (JSON.parse(page.value) as ReturnType<typeof messageViewJson>[]).map((json) => ({
        ...json,
        createdAt: new Date(json.createdAt),
        editedAt: json.editedAt === null ? null : new Date(json.editedAt),
      }));
      return { ok: true, value: views };
    }

    /** The page as `viewerId` sees it, with a live session (the viewer must be a member). */
    async function pageFor(channelId: Id, cursor: MessageCursor, viewerId: Id): Promise<MessageView[]> {
      const page = await pageAs(await givenActor(stores, viewerId), channelId, cursor);
      if (!page.ok) throw new Error(`the gate should be open, not ${JSON.stringify(page.facts)}`);
      return page.value;
    }

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

        expect(await stores.messages.view(message.id, reader.id)).toEqual({
          id: message.id,
          channelId: channel.id,
          content: message.content,
          createdAt: message.createdAt,
          editedAt: null,
          author: { id: author.id, username: author.username },
          reactions: [],
        });
      });

      it('answers null for an unknown message', async () => {
        const viewer = await givenUser(stores);

        expect(await stores.messages.findById(freshId())).toBeNull();
        expect(await stores.messages.view(freshId(), viewer.id)).toBeNull();
      });
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
        await stores.messages.updateContent(edited.id, 'edited content', at(50));
        await stores.messages.addReaction(aReaction(byOther.id, viewer.id, '👍', { createdAt: at(10) }), 20);
        await stores.messages.addReaction(aReaction(byOther.id, other.id, '👍', { createdAt: at(11) }), 20);
        await stores.messages.addReaction(aReaction(edited.id, other.id, '🎉', { createdAt: at(12) }), 20);

        expect(await pageFor(channel.id, { limit: 10 }, viewer.id)).toEqual([
          viewOf(plain, author),
          viewOf(byOther, other, [{ emoji: '👍', count: 2, reacted: true }]),
          viewOf({ ...edited, content: 'edited content', editedAt: at(50) }, author, [{ emoji: '🎉', count: 1, reacted: false }]),
        ]);
      });
    });

    describe('pageJsonAs and createAs: the gate and the work in one look-up', () => {
      /** A live session for the user, as their token would name it. */
      const actorFor = (user: User): Promise<Actor> => givenActor(stores, user.id);

      it('pages for a member with a live session, cursors included', async () => {
        const { channel, author, m, ids } = await aChannelWithTenMessages();
        const actor = await actorFor(author);
        await stores.messages.addReaction(aReaction(ids[9] as Id, author.id, '👍'), 20);

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
          expect(await pageAs(actor, channel.id, { limit: 5 })).toEqual({ ok: false, facts: { sessionLive: false, channelFound: true, member: true } });
          expect(await pageAs(actor, freshId(), { limit: 5 })).toEqual({ ok: false, facts: { sessionLive: false, channelFound: false, member: false } });
        }
      });

      it('reports an unknown channel and a non-member as facts, and pages nothing for an outsider', async () => {
        const { channel } = await aChannelWithTenMessages();
        const outsider = await actorFor(await givenUser(stores));

        expect(await pageAs(outsider, freshId(), { limit: 5 })).toEqual({ ok: false, facts: { sessionLive: true, channelFound: false, member: false } });
        expect(await pageAs(outsider, channel.id, { limit: 5 })).toEqual({ ok: false, facts: { sessionLive: true, channelFound: true, member: false } });
      });

      it('renders each message exactly as JSON.stringify of messageViewJson does, for every cursor and gate', async () => {
        const { channel, author, m, ids } = await aChannelWithTenMessages();
        const actor = await actorFor(author);
        const tricky = aMessage(channel.id, author.id, {
          content: 'Hello, wörld 👋🏽\n"quoted" \\ back\tslash </script> \u2028 \u0001 👨‍👩‍👧‍👦',
          createdAt: new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 7)),
        });
        await stores.messages.create(tricky);
        await stores.messages.updateContent(m[3]?.id as Id, 'edited', new Date(Date.UTC(2026, 5, 6, 7, 8, 9, 120)));
        const other = await givenUser(stores);
        await stores.messages.addReaction(aReaction(tricky.id, other.id, '🎉'), 20);
        await stores.messages.addReaction(aReaction(tricky.id, author.id, '❤️'), 20);
        await stores.messages.addReaction(aReaction(tricky.id, other.id, '❤️'), 20);
        // Another message's reactions, first used in another order, so each list must land on its own message.
        await stores.messages.addReaction(aReaction(m[3]?.id as Id, other.id, '❤️'), 20);
        await stores.messages.addReaction(aReaction(m[3]?.id as Id, author.id, '👍'), 20);
        await stores.messages.addReaction(aReaction(m[3]?.id as Id, author.id, '❤️'), 20);

        const cursors = [{ limit: 50 }, { limit: 3 }, { before: ids[5], limit: 3 }, { after: ids[5], limit: 3 }, { after: tricky.id, limit: 5 }];
        for (const cursor of cursors) {
          const rendered = await stores.messages.pageJsonAs(actor, channel.id, cursor);
          if (!rendered.ok) throw new Error('the gate should be open');
          // Byte for byte what the serializer writes for the same messages, seen by the same viewer.
          const ids = (JSON.parse(rendered.value) as { id: Id }[]).map(({ id }) => id);
          const views = await Promise.all(ids.map((id) => stores.messages.view(id, author.id)));
          expect(rendered.value).toBe(JSON.stringify(views.map((view) => messageViewJson(view as MessageView))));
        }
        const outsider = await actorFor(await givenUser(stores));
        expect(await stores.messages.pageJsonAs(outsider, channel.id, { limit: 5 })).toEqual({ ok: false, facts: { sessionLive: true, channelFound: true, member: false } });
        expect(await stores.messages.pageJsonAs(outsider, freshId(), { limit: 5 })).toEqual({ ok: false, facts: { sessionLive: true, channelFound: false, member: false } });
        expect(await stores.messages.pageJsonAs({ ...actor, sessionId: freshId() }, channel.id, { limit: 5 })).toEqual({ ok: false, facts: { sessionLive: false, channelFound: true, member: true } });
      });

      it('creates a message for a member and answers them as its author', async () => {
        const { channel, author } = await aChannelWithAuthor(stores);
        const actor = await actorFor(author);
        const { authorId: _authorId, ...message } = aMessage(channel.id, author.id, { createdAt: at(77) });

        expect(await stores.messages.createAs(actor, message, null)).toEqual({ ok: true, value: summaryOf(author) });
        expect(await stores.messages.findById(message.id)).toEqual({ ...message, authorId: author.id });
      });

      it('stores nothing when the gate is closed, and says why', async () => {
        const { channel, author } = await aChannelWithAuthor(stores);
        const revoked = await actorFor(author);
        await stores.sessions.revoke(revoked.sessionId);
        const outsider = await actorFor(await givenUser(stores));
        const cases: [Actor, Id, AccessFacts][] = [
          [revoked, channel.id, { sessionLive: false, channelFound: true, member: true }],
          [outsider, freshId(), { sessionLive: true, channelFound: false, member: false }],
          [outsider, channel.id, { sessionLive: true, channelFound: true, member: false }],
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

    describe('updateContent', () => {
      it('sets the content and editedAt, and keeps everything else', async () => {
        const { channel, author } = await aChannelWithAuthor(stores);
        const message = await givenMessage(stores, channel.id, author.id, { content: 'before', createdAt: at(0) });

        await stores.messages.updateContent(message.id, 'after ✏️', at(60_000));

        expect(await stores.messages.findById(message.id)).toEqual({ ...message, content: 'after ✏️', editedAt: at(60_000) });
      });

      it('shows the edit in view, with editedAt set', async () => {
        const { channel, author } = await aChannelWithAuthor(stores);
        const message = await givenMessage(stores, channel.id, author.id, { content: 'before', createdAt: at(0) });

        await stores.messages.updateContent(message.id, 'after', at(1_000));
        await stores.messages.updateContent(message.id, 'after again', at(2_000));

        expect(await stores.messages.view(message.id, author.id)).toEqual(
          viewOf({ ...message, content: 'after again', editedAt: at(2_000) }, author),
        );
      });

      it('leaves the reactions of an edited message in place', async () => {
        const { channel, author } = await aChannelWithAuthor(stores);
        const message = await givenMessage(stores, channel.id, author.id);
        await stores.messages.addReaction(aReaction(message.id, author.id, '👍'), 20);

        await stores.messages.updateContent(message.id, 'edited', at(1));

        expect(await stores.messages.reactionState(message.id, '👍', author.id)).toEqual({
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
        await stores.messages.addReaction(aReaction(message.id, reactor.id, '👍'), 20);
        await stores.messages.addReaction(aReaction(message.id, author.id, '🎉'), 20);

        await stores.messages.delete(message.id);

        expect(await stores.messages.reactionState(message.id, '👍', reactor.id)).toEqual({
          messageId: message.id,
          emoji: '👍',
          count: 0,
          reacted: false,
        });
        expect((await stores.messages.reactionState(message.id, '🎉', author.id)).count).toBe(0);
      });

      it('leaves the other messages and their reactions alone', async () => {
        const { channel, author } = await aChannelWithAuthor(stores);
        const doomed = await givenMessage(stores, channel.id, author.id);
        const kept = await givenMessage(stores, channel.id, author.id);
        await stores.messages.addReaction(aReaction(doomed.id, author.id, '👍'), 20);
        await stores.messages.addReaction(aReaction(kept.id, author.id, '👍'), 20);

        expect(await stores.messages.delete(doomed.id)).toBe('deleted');
        expect(await stores.messages.delete(doomed.id)).toBe('absent');

        expect(await stores.messages.view(kept.id, author.id)).toEqual(viewOf(kept, author, [{ emoji: '👍', count: 1, reacted: true }]));
      });
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

        expect(await stores.messages.addReaction(aReaction(message.id, reactor.id, '👍'), 20)).toBe('added');

        expect(await stores.messages.reactionState(message.id, '👍', reactor.id)).toEqual({
          messageId: message.id,
          emoji: '👍',
          count: 1,
          reacted: true,
        });
        expect(await stores.messages.reactionState(message.id, '👍', author.id)).toEqual({
          messageId: message.id,
          emoji: '👍',
          count: 1,
          reacted: false,
        });
      });

      it("answers 'already' when the same user reacts with the same emoji again, and counts it once", async () => {
        const { message, users } = await aMessageAndReactors(1);
        const [reactor] = users as [User];
        await stores.messages.addReaction(aReaction(message.id, reactor.id, '👍', { createdAt: at(1) }), 20);

        expect(await stores.messages.addReaction(aReaction(message.id, reactor.id, '👍', { createdAt: at(2) }), 20)).toBe('already');

        expect((await stores.messages.reactionState(message.id, '👍', reactor.id)).count).toBe(1);
      });

      it("counts another user's reaction with the same emoji ('added')", async () => {
        const { message, users } = await aMessageAndReactors(2);
        const [first, second] = users as [User, User];
        await stores.messages.addReaction(aReaction(message.id, first.id, '👍'), 20);

        expect(await stores.messages.addReaction(aReaction(message.id, second.id, '👍'), 20)).toBe('added');

        expect(await stores.messages.reactionState(message.id, '👍', second.id)).toEqual({
          messageId: message.id,
          emoji: '👍',
          count: 2,
          reacted: true,
        });
      });

      it("counts one user's reactions with different emoji apart", async () => {
        const { message, users } = await aMessageAndReactors(1);
        const [reactor] = users as [User];

        expect(await stores.messages.addReaction(aReaction(message.id, reactor.id, '👍'), 20)).toBe('added');
        expect(await stores.messages.addReaction(aReaction(message.id, reactor.id, '🎉'), 20)).toBe('added');

        expect((await stores.messages.reactionState(message.id, '👍', reactor.id)).count).toBe(1);
        expect((await stores.messages.reactionState(message.id, '🎉', reactor.id)).count).toBe(1);
      });

      it('answers a zero state for an emoji nobody used, or a message that does not exist', async () => {
        const { message, author } = await aMessageAndReactors(0);
        const unknown = freshId();

        expect(await stores.messages.reactionState(message.id, '🦄', author.id)).toEqual({
          messageId: message.id,
          emoji: '🦄',
          count: 0,
          reacted: false,
        });
        expect(await stores.messages.reactionState(unknown, '🦄', author.id)).toEqual({
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
          expect(await stores.messages.addReaction(aReaction(message.id, first.id, emoji, { createdAt: at(i) }), 3)).toBe('added');
        }

        expect(await stores.messages.addReaction(aReaction(message.id, first.id, '🤣', { createdAt: at(10) }), 3)).toBe(
          'TooManyReactions',
        );
        expect(await stores.messages.addReaction(aReaction(message.id, second.id, '🤣', { createdAt: at(11) }), 3)).toBe(
          'TooManyReactions',
        );

        expect(await stores.messages.reactionState(message.id, '🤣', first.id)).toEqual({
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
          await stores.messages.addReaction(aReaction(message.id, first.id, emoji, { createdAt: at(i) }), 3);
        }

        expect(await stores.messages.addReaction(aReaction(message.id, second.id, '😁', { createdAt: at(10) }), 3)).toBe('added');
        expect(await stores.messages.addReaction(aReaction(message.id, first.id, '😁', { createdAt: at(11) }), 3)).toBe('already');

        expect(await stores.messages.reactionState(message.id, '😁', second.id)).toEqual({
          messageId: message.id,
          emoji: '😁',
          count: 2,
          reacted: true,
        });
      });

      it('caps distinct emoji, not reactions: many users may share one emoji under a cap of 1', async () => {
        const { message, users } = await aMessageAndReactors(4);
        for (const [i, user] of users.entries()) {
          expect(await stores.messages.addReaction(aReaction(message.id, user.id, '👍', { createdAt: at(i) }), 1)).toBe('added');
        }

        expect((await stores.messages.reactionState(message.id, '👍', freshId())).count).toBe(4);
      });

      it('stops counting an emoji toward the cap once its last reaction is removed', async () => {
        const { message, users } = await aMessageAndReactors(1);
        const [reactor] = users as [User];
        await stores.messages.addReaction(aReaction(message.id, reactor.id, '😀', { createdAt: at(1) }), 2);
        await stores.messages.addReaction(aReaction(message.id, reactor.id, '😁', { createdAt: at(2) }), 2);
        expect(await stores.messages.addReaction(aReaction(message.id, reactor.id, '😂', { createdAt: at(3) }), 2)).toBe(
          'TooManyReactions',
        );

        await stores.messages.removeReaction(message.id, reactor.id, '😀');

        expect(await stores.messages.addReaction(aReaction(message.id, reactor.id, '😂', { createdAt: at(4) }), 2)).toBe('added');
      });

      it('applies the cap to each message on its own', async () => {
        const { channel, author } = await aChannelWithAuthor(stores);
        const full = await givenMessage(stores, channel.id, author.id);
        const empty = await givenMessage(stores, channel.id, author.id);
        await stores.messages.addReaction(aReaction(full.id, author.id, '😀'), 1);

        expect(await stores.messages.addReaction(aReaction(empty.id, author.id, '😁'), 1)).toBe('added');
      });

      it('keeps every kind of emoji intact and tells skin tones apart', async () => {
        const { message, author, users } = await aMessageAndReactors(1);
        const [reactor] = users as [User];
        const emoji = ['👍', '👍🏽', '👨‍👩‍👧‍👦', '🇫🇷', '1️⃣', '❤️', '🫠'];
        for (const [i, e] of emoji.entries()) {
          expect(await stores.messages.addReaction(aReaction(message.id, reactor.id, e, { createdAt: at(i) }), 20)).toBe('added');
        }

        for (const e of emoji) {
          expect(await stores.messages.reactionState(message.id, e, reactor.id)).toEqual({
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
        await stores.messages.addReaction(aReaction(message.id, first.id, '👍', { createdAt: at(1) }), 20);
        await stores.messages.addReaction(aReaction(message.id, second.id, '👍', { createdAt: at(2) }), 20);
        await stores.messages.addReaction(aReaction(message.id, first.id, '🎉', { createdAt: at(3) }), 20);

        await stores.messages.removeReaction(message.id, first.id, '👍');

        expect(await stores.messages.reactionState(message.id, '👍', first.id)).toEqual({
          messageId: message.id,
          emoji: '👍',
          count: 1,
          reacted: false,
        });
        expect(await stores.messages.reactionState(message.id, '👍', second.id)).toMatchObject({ count: 1, reacted: true });
        expect(await stores.messages.reactionState(message.id, '🎉', first.id)).toMatchObject({ count: 1, reacted: true });
      });

      it('lets a user react again after removing their reaction', async () => {
        const { message, users } = await aMessageAndReactors(1);
        const [reactor] = users as [User];
        await stores.messages.addReaction(aReaction(message.id, reactor.id, '👍', { createdAt: at(1) }), 20);
        await stores.messages.removeReaction(message.id, reactor.id, '👍');

        expect(await stores.messages.addReaction(aReaction(message.id, reactor.id, '👍', { createdAt: at(2) }), 20)).toBe('added');

        expect(await stores.messages.reactionState(message.id, '👍', reactor.id)).toMatchObject({ count: 1, reacted: true });
      });

      it('says whether a reaction was there to remove, and removing an absent one changes nothing', async () => {
        const { message, users } = await aMessageAndReactors(2);
        const [first, second] = users as [User, User];
        await stores.messages.addReaction(aReaction(message.id, first.id, '👍'), 20);

        await expect(stores.messages.removeReaction(message.id, second.id, '👍')).resolves.toBe('absent');
        await expect(stores.messages.removeReaction(message.id, first.id, '🎉')).resolves.toBe('absent');
        await expect(stores.messages.removeReaction(freshId(), first.id, '👍')).resolves.toBe('absent');
        await expect(stores.messages.removeReaction(message.id, first.id, '👍')).resolves.toBe('removed');
        await expect(stores.messages.removeReaction(message.id, first.id, '👍')).resolves.toBe('absent');

        expect((await stores.messages.reactionState(message.id, '👍', first.id)).count).toBe(0);
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
          await stores.messages.addReaction(aReaction(message.id, user.id, emoji, { createdAt: at(i * 10) }), 20);
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
        await stores.messages.addReaction(aReaction(message.id, reactor.id, '🎉', { createdAt: at(1) }), 20);
        await stores.messages.addReaction(aReaction(message.id, reactor.id, '🚀', { createdAt: at(2) }), 20);

        await stores.messages.removeReaction(message.id, reactor.id, '🎉');

        expect((await stores.messages.view(message.id, reactor.id))?.reactions).toEqual([{ emoji: '🚀', count: 1, reacted: true }]);
      });

      it('shows the same reactions in a page as in view, from each viewer\'s side', async () => {
        const { server, channel, author } = await aChannelWithAuthor(stores);
        const { user: reader } = await givenMemberOf(stores, server.id);
        const first = await givenMessage(stores, channel.id, author.id, { createdAt: at(1) });
        const second = await givenMessage(stores, channel.id, author.id, { createdAt: at(2) });
        await stores.messages.addReaction(aReaction(first.id, reader.id, '👀', { createdAt: at(10) }), 20);
        await stores.messages.addReaction(aReaction(second.id, author.id, '👀', { createdAt: at(11) }), 20);
        await stores.messages.addReaction(aReaction(second.id, reader.id, '✅', { createdAt: at(12) }), 20);

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
    { ok: true, value: summaryOf(author) },
    { ok: false, facts: { sessionLive: true, channelFound: true, member: false } },
    { ok: false, facts: { sessionLive: false, channelFound: true, member: true } },
    { ok: true, value: summaryOf(other) },
    { ok: false, facts: { sessionLive: true, channelFound: false, member: false } },
    { ok: true, value: summaryOf(author) },
  ]);
  const stored = await Promise.all(messages.map((message) => stores.messages.findById(message.id)));
  expect(stored).toEqual([messages[0], null, null, messages[3], null, messages[5]]);
}

import { bitsOf, NO_MENTIONS, type Id, type Message, type SearchQuery, type User } from '../../src';
import type { SeedableStores } from './fixtures';
import { aConversation, aReaction, aServerWithOwner, at, givenActor, givenChannel, givenMemberOf, givenMessage, givenUser, uniqueToken } from './fixtures';
import { idsOf, viewsOf } from './message-contract-helpers';
import { aRole } from './role-repository.contract';

const VIEW = bitsOf(['VIEW_CHANNEL']);

/**
 * What every `MessageSearch` must do: find by words as PostgreSQL's `simple` web search does, by
 * author, within bounds, newest first, and never beyond what the viewer may read.
 */
export function describeMessageSearchContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`MessageSearch contract: ${name}`, () => {
    let stores: SeedableStores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    /** A fresh server, its owner and its default channel, where `contents` are sent in this order. */
    async function aServerSaying(...contents: string[]) {
      const { server, ownerUser: owner } = await aServerWithOwner(stores);
      const sent: Message[] = [];
      for (const content of contents) sent.push(await givenMessage(stores, server.defaultChannelId, owner.id, { content }));
      return { server, owner, channelId: server.defaultChannelId, sent };
    }

    /** The search's hits as views (its JSON read back), and whether there are more. */
    async function search(viewer: User, serverId: Id, query: Partial<SearchQuery>) {
      const hits = await stores.messageSearch.inServer(viewer.id, serverId, { limit: 25, ...query });
      return { messages: viewsOf(hits.messages), hasMore: hits.hasMore };
    }

    /** The ids of the hits, newest first. */
    const hitIds = async (viewer: User, serverId: Id, query: Partial<SearchQuery>) => idsOf((await search(viewer, serverId, query)).messages);

    /** The ids of the messages at these indexes, newest first (as hits come). */
    const newestFirst = (sent: readonly Message[], ...indexes: number[]) => indexes.map((i) => sent[i]!.id).sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1));

    it('finds the messages holding every word, newest first, whatever their case and the punctuation around them', async () => {
      const { server, owner, sent } = await aServerSaying('The Quick brown fox', 'a quick, BROWN dog!', 'brown bread', 'quick thinking', 'QUICK...brown?');

      expect(await hitIds(owner, server.id, { text: 'quick brown' })).toEqual(newestFirst(sent, 0, 1, 4));
      expect(await hitIds(owner, server.id, { text: 'BROWN' })).toEqual(newestFirst(sent, 0, 1, 2, 4));
      expect(await hitIds(owner, server.id, { text: 'purple' })).toEqual([]);
    });

    it('reads "quoted words" as a phrase, -word as its absence and `or` as either', async () => {
      const { server, owner, sent } = await aServerSaying('release notes are out', 'notes on the release', 'the release date', 'draft notes');

      expect(await hitIds(owner, server.id, { text: '"release notes"' })).toEqual(newestFirst(sent, 0));
      expect(await hitIds(owner, server.id, { text: 'release -notes' })).toEqual(newestFirst(sent, 2));
      expect(await hitIds(owner, server.id, { text: 'date or draft' })).toEqual(newestFirst(sent, 2, 3));
      expect(await hitIds(owner, server.id, { text: 'notes -"release notes"' })).toEqual(newestFirst(sent, 1, 3));
    });

    it('matches whole words only, of any script, accents kept, as the simple configuration reads them', async () => {
      const { server, owner, sent } = await aServerSaying('ÉCOLE française', 'ecole', 'schools', '日本語 テスト', "don't e-mail me", 'version 3.14 of example.com');

      expect(await hitIds(owner, server.id, { text: 'école' })).toEqual(newestFirst(sent, 0));
      expect(await hitIds(owner, server.id, { text: 'school' })).toEqual([]);
      expect(await hitIds(owner, server.id, { text: '日本語' })).toEqual(newestFirst(sent, 3));
      expect(await hitIds(owner, server.id, { text: 'mail' })).toEqual(newestFirst(sent, 4));
      expect(await hitIds(owner, server.id, { text: '"e-mail"' })).toEqual(newestFirst(sent, 4));
      expect(await hitIds(owner, server.id, { text: 'don' })).toEqual(newestFirst(sent, 4));
      expect(await hitIds(owner, server.id, { text: '3.14 example.com' })).toEqual(newestFirst(sent, 5));
    });

    it('answers `limit` hits and whether there are more; `before` walks on, and `after` bounds from below', async () => {
      const { server, owner, sent } = await aServerSaying(...Array.from({ length: 7 }, (_, i) => `report ${i}`), 'other');
      const all = newestFirst(sent, 0, 1, 2, 3, 4, 5, 6);

      expect(await search(owner, server.id, { text: 'report', limit: 3 })).toEqual({ messages: expect.any(Array), hasMore: true });
      expect(await hitIds(owner, server.id, { text: 'report', limit: 3 })).toEqual(all.slice(0, 3));
      expect(await hitIds(owner, server.id, { text: 'report', limit: 3, before: all[2] })).toEqual(all.slice(3, 6));
      expect(await search(owner, server.id, { text: 'report', limit: 3, before: all[5] })).toEqual({ messages: [expect.objectContaining({ id: all[6] })], hasMore: false });
      expect(await search(owner, server.id, { text: 'report', limit: 7 })).toEqual({ messages: expect.any(Array), hasMore: false });
      expect(await hitIds(owner, server.id, { text: 'report', after: all[4], before: all[0] })).toEqual(all.slice(1, 4));
    });

    it('keeps to one channel with channelId, and to one author with authorId, alone or with words', async () => {
      const { server, owner, channelId } = await aServerSaying();
      const { user: member } = await givenMemberOf(stores, server.id);
      const side = await givenChannel(stores, server.id);
      const a = await givenMessage(stores, channelId, owner.id, { content: 'lunch at noon' });
      const b = await givenMessage(stores, side.id, member.id, { content: 'lunch at one' });
      const c = await givenMessage(stores, side.id, owner.id, { content: 'dinner' });

      expect(await hitIds(owner, server.id, { text: 'lunch', channelId: side.id })).toEqual([b.id]);
      expect(await hitIds(owner, server.id, { authorId: owner.id })).toEqual([c.id, a.id]);
      expect(await hitIds(owner, server.id, { authorId: owner.id, text: 'lunch' })).toEqual([a.id]);
      expect(await hitIds(owner, server.id, { authorId: member.id, channelId })).toEqual([]);
    });

    it('finds an edited message by its new words only, and a deleted one no more', async () => {
      const { server, owner, sent } = await aServerSaying('typo in here', 'gone soon');
      await stores.messages.updateContent(sent[0]!.id, 'fixed in here', at(1_000), NO_MENTIONS);
      await stores.messages.delete(sent[1]!.id);

      expect(await hitIds(owner, server.id, { text: 'typo' })).toEqual([]);
      expect(await hitIds(owner, server.id, { text: 'fixed' })).toEqual([sent[0]!.id]);
      expect(await hitIds(owner, server.id, { text: 'gone' })).toEqual([]);
    });

    it("writes each hit exactly as the channel's page does: author, edit and reactions from the viewer's side", async () => {
      const { server, owner, channelId, sent } = await aServerSaying('needle one', 'needle two');
      const { user: viewer } = await givenMemberOf(stores, server.id);
      await stores.messages.updateContent(sent[1]!.id, 'needle two, edited', at(5_000), NO_MENTIONS);
      await stores.messages.addReaction(aReaction(sent[1]!, viewer.id, '👍'), { distinctEmoji: 20, total: 5000 });
      await stores.messages.addReaction(aReaction(sent[1]!, owner.id, '🎉'), { distinctEmoji: 20, total: 5000 });

      const hits = await stores.messageSearch.inServer(viewer.id, server.id, { text: 'needle', limit: 25 });
      const page = await stores.messages.pageJsonAs(await givenActor(stores, viewer.id), channelId, { limit: 50 });
      if (!page.ok) throw new Error('the page should open');
      expect(hits.messages).toBe(JSON.stringify((JSON.parse(page.value) as unknown[]).reverse()));
    });

    describe('what the viewer may read', () => {
      /** A server whose channel `hidden` @everyone cannot see, a member, and `count` hits there and one in the open. */
      async function aHiddenChannel(count: number) {
        const { server, owner } = await aServerSaying();
        const { user: member } = await givenMemberOf(stores, server.id);
        const hidden = await givenChannel(stores, server.id);
        await stores.channels.setOverwrite(hidden.id, { id: server.id, type: 'role', allow: 0, deny: VIEW });
        const word = `secret${uniqueToken()}`;
        const open = await givenMessage(stores, server.defaultChannelId, owner.id, { content: `${word} in the open` });
        for (let i = 0; i < count; i += 1) await givenMessage(stores, hidden.id, owner.id, { content: `${word} ${i}` });
        return { server, owner, member, hidden, word, open };
      }

      it('leaves out the channels a member cannot see, in the hits and in hasMore, even asked for by channelId', async () => {
        const { server, member, hidden, word, open } = await aHiddenChannel(3);

        expect(await search(member, server.id, { text: word, limit: 1 })).toEqual({ messages: [expect.objectContaining({ id: open.id })], hasMore: false });
        expect(await hitIds(member, server.id, { text: word, channelId: hidden.id })).toEqual([]);
        expect(await hitIds(member, server.id, { authorId: open.authorId, channelId: hidden.id })).toEqual([]);
      });

      it("searches a hidden channel for its owner, and for a member once a role's overwrite lets them see it", async () => {
        const { server, owner, member, hidden, word } = await aHiddenChannel(2);

        expect(await hitIds(owner, server.id, { text: word })).toHaveLength(3);
        const role = aRole(server.id, 1);
        await stores.roles.create(role);
        await stores.roles.assign(server.id, member.id, role.id);
        await stores.channels.setOverwrite(hidden.id, { id: role.id, type: 'role', allow: VIEW, deny: 0 });
        expect(await hitIds(member, server.id, { text: word })).toHaveLength(3);
        await stores.channels.setOverwrite(hidden.id, { id: member.id, type: 'member', allow: 0, deny: VIEW });
        expect(await hitIds(member, server.id, { text: word })).toHaveLength(1);
      });

      it("finds nothing for someone outside the server, and never another server's messages", async () => {
        const { server, word } = await aHiddenChannel(0);
        const other = await aServerSaying(`${word} elsewhere`);
        const outsider = await givenUser(stores);

        expect(await hitIds(outsider, server.id, { text: word })).toEqual([]);
        expect(await hitIds(other.owner, server.id, { text: word })).toEqual([]);
        expect(await hitIds(other.owner, other.server.id, { text: word })).toEqual([other.sent[0]!.id]);
      });
    });

    describe('inConversations', () => {
      it("searches the viewer's conversations only: not others', not servers'; channelId keeps to one", async () => {
        const [me, friend, stranger] = [await givenUser(stores), await givenUser(stores), await givenUser(stores)];
        const dm = aConversation(me.id, [friend.id]);
        const group = aConversation(friend.id, [me.id, stranger.id]);
        const theirs = aConversation(friend.id, [stranger.id]);
        for (const conversation of [dm, group, theirs]) await stores.conversations.create(conversation);
        const word = `plan${uniqueToken()}`;
        const inDm = await givenMessage(stores, dm.id, friend.id, { content: `${word} for friday` });
        const inGroup = await givenMessage(stores, group.id, stranger.id, { content: `the ${word}` });
        await givenMessage(stores, theirs.id, friend.id, { content: `${word} without me` });
        const { server } = await aServerSaying();
        await stores.members.add({ serverId: server.id, userId: me.id, joinedAt: at() });
        await givenMessage(stores, server.defaultChannelId, me.id, { content: `${word} in a server` });

        const found = async (query: Partial<SearchQuery>) => idsOf(viewsOf((await stores.messageSearch.inConversations(me.id, { limit: 25, ...query })).messages));
        expect(await found({ text: word })).toEqual([inGroup.id, inDm.id]);
        expect(await found({ text: word, channelId: dm.id })).toEqual([inDm.id]);
        expect(await found({ text: word, channelId: theirs.id })).toEqual([]);
        expect(await found({ authorId: stranger.id })).toEqual([inGroup.id]);
      });
    });
  });
}

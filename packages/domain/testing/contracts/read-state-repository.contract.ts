import { bitsOf, firstIdAt, ID_EPOCH_MS, NO_MENTIONS, type Id, type Message, type ReadState } from '../../src';
import type { SeedableStores } from './fixtures';
import { aRole } from './role-repository.contract';
import { aConversation, aMessage, aServerWithOwner, at, givenActor, givenChannel, givenMemberOf, givenMessage, givenUser, withoutAuthor } from './fixtures';

/** Joined at the ids' epoch: every message made since counts (the fixtures' ids are of their own time). */
const LONG_AGO = new Date(ID_EPOCH_MS);

/** Moments of their own, a second apart, for each test that counts from a join by the ids' time. */
let moments = 0;
const aMoment = (): Date => new Date(Date.UTC(2030, 0, 1) + ++moments * 1000);
/** The `n`th id made in the millisecond `time` (n ≥ 0), or made just before it (n < 0). */
const idAt = (time: Date, n: number): Id => (BigInt(firstIdAt(time)) + BigInt(n)).toString();

const state = (channelId: Id, serverId: Id | null, lastReadMessageId: Id | null, unreadCount: number, mentionCount = 0): ReadState => ({
  channelId,
  serverId,
  lastReadMessageId,
  unreadCount,
  mentionCount,
});

/** What every `ReadStateRepository` must do, with the message store's sends (`createAs` moves the sender's marker). */
export function describeReadStateRepositoryContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`ReadStateRepository contract: ${name}`, () => {
    let stores: SeedableStores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    /** A server (its owner joined long ago) with a member who joined long ago. */
    async function aServerWithReader(joinedAt = LONG_AGO) {
      const { server, defaultChannel, ownerUser } = await aServerWithOwner(stores, { joinedAt: LONG_AGO });
      const { user } = await givenMemberOf(stores, server.id, joinedAt);
      return { server, channel: defaultChannel, owner: ownerUser, reader: user };
    }

    it('counts others’ messages after the marker, never the reader’s own, and moves the marker forward only', async () => {
      const { server, channel, owner, reader } = await aServerWithReader();
      const [first, second] = [await givenMessage(stores, channel.id, owner.id), await givenMessage(stores, channel.id, owner.id)];
      await givenMessage(stores, channel.id, reader.id);
      const third = await givenMessage(stores, channel.id, owner.id);

      expect(await stores.readStates.list(reader.id)).toEqual([state(channel.id, server.id, null, 3)]);
      expect(await stores.readStates.markRead(reader.id, channel.id, second.id)).toBe('moved');
      expect(await stores.readStates.list(reader.id)).toEqual([state(channel.id, server.id, second.id, 1)]);
      expect(await stores.readStates.markRead(reader.id, channel.id, first.id)).toBe('unchanged');
      expect(await stores.readStates.markRead(reader.id, channel.id, second.id)).toBe('unchanged');
      expect(await stores.readStates.list(reader.id, channel.id)).toEqual([state(channel.id, server.id, second.id, 1)]);
      expect(await stores.readStates.markRead(reader.id, channel.id, third.id)).toBe('moved');
      expect(await stores.readStates.list(reader.id)).toEqual([]);
      expect(await stores.readStates.list(reader.id, channel.id)).toEqual([]);
    });

    it('counts nothing made before the reader came in, by the ids’ time; a marker older than their join counts from the join', async () => {
      const joinedAt = aMoment();
      const { server, channel, owner, reader } = await aServerWithReader(joinedAt);
      await givenMessage(stores, channel.id, owner.id, { id: idAt(joinedAt, -1) });
      expect(await stores.readStates.list(reader.id)).toEqual([]);

      await stores.readStates.markRead(reader.id, channel.id, idAt(joinedAt, -5));
      await givenMessage(stores, channel.id, owner.id, { id: idAt(joinedAt, 0) });
      await givenMessage(stores, channel.id, owner.id, { id: idAt(joinedAt, 1) });
      expect(await stores.readStates.list(reader.id)).toEqual([state(channel.id, server.id, idAt(joinedAt, -5), 2)]);
    });

    it('edits change no count; a deleted unread message leaves it', async () => {
      const { server, channel, owner, reader } = await aServerWithReader();
      const [first, second] = [await givenMessage(stores, channel.id, owner.id), await givenMessage(stores, channel.id, owner.id)];

      await stores.messages.updateContent(first.id, 'edited', at(1000), NO_MENTIONS);
      expect(await stores.readStates.list(reader.id)).toEqual([state(channel.id, server.id, null, 2)]);
      await stores.messages.delete(second.id);
      expect(await stores.readStates.list(reader.id)).toEqual([state(channel.id, server.id, null, 1)]);
      await stores.messages.delete(first.id);
      expect(await stores.readStates.list(reader.id)).toEqual([]);
    });

    it('counts the mentions after the marker of the reader by name, by a role of theirs, or everyone; never in their own messages', async () => {
      const { server, channel, owner, reader } = await aServerWithReader();
      const [theirs, notTheirs] = [aRole(server.id, 1), aRole(server.id, 2)];
      for (const role of [theirs, notTheirs]) await stores.roles.create(role);
      await stores.roles.assign(server.id, reader.id, theirs.id);
      const by = (mentions: Partial<Message>) => givenMessage(stores, channel.id, owner.id, mentions);
      const byName = await by({ mentions: [owner.id, reader.id] });
      await by({ mentionRoles: [theirs.id] });
      await by({ mentionEveryone: true });
      await by({ mentions: [owner.id], mentionRoles: [notTheirs.id] });
      await givenMessage(stores, channel.id, reader.id, { mentions: [reader.id], mentionEveryone: true });
      await by({});

      expect(await stores.readStates.list(reader.id)).toEqual([state(channel.id, server.id, null, 5, 3)]);
      expect(await stores.readStates.list(owner.id)).toEqual([state(channel.id, server.id, null, 1, 1)]);
      await stores.readStates.markRead(reader.id, channel.id, byName.id);
      expect(await stores.readStates.list(reader.id)).toEqual([state(channel.id, server.id, byName.id, 4, 2)]);
    });

    it('counts a mention no more once an edit takes it away', async () => {
      const { server, channel, owner, reader } = await aServerWithReader();
      const mentioning = await givenMessage(stores, channel.id, owner.id, { mentions: [reader.id] });
      expect(await stores.readStates.list(reader.id)).toEqual([state(channel.id, server.id, null, 1, 1)]);

      await stores.messages.updateContent(mentioning.id, 'no one', at(1000), NO_MENTIONS);
      expect(await stores.readStates.list(reader.id)).toEqual([state(channel.id, server.id, null, 1, 0)]);
      await stores.messages.updateContent(mentioning.id, `<@${reader.id}>`, at(2000), { ...NO_MENTIONS, mentions: [reader.id] });
      expect(await stores.readStates.list(reader.id)).toEqual([state(channel.id, server.id, null, 1, 1)]);
    });

    it('lists only the channels the reader can see, and no server of which they are not a member', async () => {
      const { server, channel, owner, reader } = await aServerWithReader();
      const hidden = await givenChannel(stores, server.id, { permissionOverwrites: [{ id: server.id, type: 'role', allow: 0, deny: bitsOf(['VIEW_CHANNEL']) }] });
      const shownToThem = await givenChannel(stores, server.id, {
        permissionOverwrites: [
          { id: server.id, type: 'role', allow: 0, deny: bitsOf(['VIEW_CHANNEL']) },
          { id: reader.id, type: 'member', allow: bitsOf(['VIEW_CHANNEL']), deny: 0 },
        ],
      });
      for (const where of [channel, hidden, shownToThem]) await givenMessage(stores, where.id, owner.id);
      const elsewhere = await aServerWithOwner(stores, { joinedAt: LONG_AGO });
      await givenMessage(stores, elsewhere.defaultChannel.id, elsewhere.ownerUser.id);

      expect(await stores.readStates.list(reader.id)).toEqual([state(channel.id, server.id, null, 1), state(shownToThem.id, server.id, null, 1)]);
      expect(await stores.readStates.list(reader.id, hidden.id)).toEqual([]);
      expect(await stores.readStates.list(owner.id)).toEqual([]);
      expect(await stores.readStates.list(reader.id, elsewhere.defaultChannel.id)).toEqual([]);
    });

    it('counts a conversation from when each recipient came in, with no server', async () => {
      const [alice, bob, carol] = [await givenUser(stores), await givenUser(stores), await givenUser(stores)];
      const opened = aMoment();
      const group = aConversation(alice.id, [bob.id], { type: 'group', ownerId: alice.id, createdAt: opened });
      await stores.conversations.create(group);
      await givenMessage(stores, group.id, alice.id, { id: idAt(opened, 1) });
      const added = new Date(opened.getTime() + 1);
      await stores.conversations.addRecipient(group.id, carol.id, added, alice.id);
      const last = await givenMessage(stores, group.id, alice.id, { id: idAt(added, 1) });

      expect(await stores.readStates.list(bob.id)).toEqual([state(group.id, null, null, 2)]);
      expect(await stores.readStates.list(carol.id)).toEqual([state(group.id, null, null, 1)]);
      expect(await stores.readStates.list(alice.id)).toEqual([]);
      await stores.readStates.markRead(bob.id, group.id, last.id);
      expect(await stores.readStates.list(bob.id, group.id)).toEqual([]);
    });

    it('moves the sender’s marker with each send, alone or several at once, never back', async () => {
      const { server, channel, owner, reader } = await aServerWithReader();
      const actor = await givenActor(stores, reader.id);
      await givenMessage(stores, channel.id, owner.id);
      const sent = aMessage(channel.id, reader.id);
      expect((await stores.messages.createAs(actor, withoutAuthor(sent), null)).ok).toBe(true);
      expect(await stores.readStates.list(reader.id)).toEqual([]);

      const after = await givenMessage(stores, channel.id, owner.id);
      const [older, newer] = [aMessage(channel.id, reader.id), aMessage(channel.id, reader.id)];
      // In one turn: the stores may send both in one statement.
      const gates = await Promise.all([newer, older].map((message) => stores.messages.createAs(actor, withoutAuthor(message), null)));
      expect(gates.every((gate) => gate.ok)).toBe(true);
      await givenMessage(stores, channel.id, owner.id);
      expect(await stores.readStates.list(reader.id)).toEqual([state(channel.id, server.id, newer.id, 1)]);
      expect(await stores.readStates.markRead(reader.id, channel.id, after.id)).toBe('unchanged');
    });

    it('knows nothing of a user who is in nothing', async () => {
      const nobody = (await givenUser(stores)).id;
      expect(await stores.readStates.list(nobody)).toEqual([]);
    });
  });
}

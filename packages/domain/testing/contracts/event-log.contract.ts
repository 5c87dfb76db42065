import { bitsOf, ID_EPOCH_MS, readStateUpdated, channelGained, channelLost, memberJoined, memberLeft, messageCreated, routeOf, sessionRevoked, userUpdated, type Channel, type ChatEvent } from '../../src';
import { describeConversationLogContract } from './conversation-log.contract';
import { readAll, type EventStores } from './event-stores';
import { messageJson } from '@chat/contract';
import { freshId as freshIdLike, aMessage, aServerWithOwner, givenActor, givenMemberOf, givenUser, receiptOf, summaryOf, withoutAuthor } from './fixtures';
import { viewOf } from './message-contract-helpers';

export type { EventStores } from './event-stores';

/** Contents that JSON and SQL escaping both get wrong when done by hand. */
const AWKWARD = ['plain', 'quotes " and \\ backslash', 'line\nbreak\ttab', 'emoji 😀👩‍👩‍👧 and \u2028', '{"json":"inside"}', "O'Reilly; drop table"];

const messageIdOf = (event: ChatEvent | null): string | null => (event?.type === 'message.created' ? event.message.id : null);

/**
 * What every event store must do: a send's event is the domain's `messageCreated` of what was
 * stored (whatever builds it), a unit's events come out in the order they were appended, and
 * positions are dense.
 */
export function describeEventLogContract(name: string, make: () => Promise<EventStores>): void {
  describeConversationLogContract(name, make);
  describe(`EventLog contract: ${name}`, () => {
    let s: EventStores;

    beforeAll(async () => {
      s = await make();
    });

    it('records each send as messageCreated of the stored message, alone or several at once', async () => {
      const { server, defaultChannel, ownerUser } = await aServerWithOwner(s.stores);
      const actor = await givenActor(s.stores, ownerUser.id);
      const messages = AWKWARD.map((content) => aMessage(defaultChannel.id, ownerUser.id, { content }));
      const nonces = messages.map((_m, i) => (i % 2 === 0 ? `nonce "${i}"` : null));

      const alone = await s.stores.messages.createAs(actor, withoutAuthor(messages[0]!), nonces[0]!);
      const together = await Promise.all(messages.slice(1).map((m, i) => s.stores.messages.createAs(actor, withoutAuthor(m), nonces[i + 1]!)));
      await s.place();

      expect([alone, ...together].every((gated) => gated.ok)).toBe(true);
      const ids = new Set(messages.map((m) => m.id));
      const logged = (await readAll(s.history)).filter(({ event }) => ids.has(messageIdOf(event) ?? ''));
      expect(logged.map(({ event }) => event)).toEqual(
        messages.map((m, i) => messageCreated(server.id, viewOf(m, ownerUser), nonces[i]!)),
      );
      // Routed without decoding: the route the log keeps beside the text is the event's own.
      expect(logged.map(({ route }) => route)).toEqual(logged.map(({ event }) => routeOf(event!)));
    });

    it('records nothing for a send the gate refused', async () => {
      const { defaultChannel } = await aServerWithOwner(s.stores);
      const outsider = await givenUser(s.stores);
      const message = aMessage(defaultChannel.id, outsider.id);

      const gated = await s.stores.messages.createAs(await givenActor(s.stores, outsider.id), withoutAuthor(message), null);
      await s.place();

      expect(gated).toEqual({ ok: false, facts: { sessionLive: true, channelFound: true, member: false, permissions: 0, conversation: false, blocked: false } });
      expect((await readAll(s.history)).filter(({ event }) => messageIdOf(event) === message.id)).toEqual([]);
    });

    it("writes a send's author and a page's with their display name and avatar, byte for byte as the contract does", async () => {
      const { server, defaultChannel, ownerUser } = await aServerWithOwner(s.stores);
      const author = await s.stores.users.update(ownerUser.id, { displayName: AWKWARD[1]! + AWKWARD[3]!, avatar: 'https://img.example/a.png?size=64&x=\\y' });
      if (author === null || author === 'UsernameTaken') throw new Error('the author could not be updated');
      const actor = await givenActor(s.stores, ownerUser.id);
      const message = aMessage(defaultChannel.id, ownerUser.id, { content: 'hi' });

      expect(await s.stores.messages.createAs(actor, withoutAuthor(message), null)).toEqual({ ok: true, value: receiptOf(author) });
      await s.place();

      const view = viewOf(message, author);
      const logged = (await readAll(s.history)).filter(({ event }) => messageIdOf(event) === message.id);
      expect(logged.map(({ event }) => event)).toEqual([messageCreated(server.id, view, null)]);
      expect(await s.stores.messages.pageJsonAs(actor, defaultChannel.id, { limit: 1 })).toEqual({ ok: true, value: JSON.stringify([messageJson(view)]) });
    });

    it('keeps a unit usable after a username it tried was taken: its other writes and events commit', async () => {
      const holder = await givenUser(s.stores);
      const user = await givenUser(s.stores);
      const { server } = await aServerWithOwner(s.stores);

      const outcome = await s.unitOfWork.run(async (stores) => {
        const clash = await stores.users.update(user.id, { username: holder.username });
        const renamed = await stores.users.update(user.id, { displayName: 'After the clash' });
        if (renamed === null || renamed === 'UsernameTaken') return renamed;
        await stores.events.append(userUpdated(summaryOf(renamed), [server.id]));
        return clash;
      });
      await s.place();

      expect(outcome).toBe('UsernameTaken');
      expect(await s.stores.users.findById(user.id)).toEqual({ ...user, displayName: 'After the clash' });
      const logged = (await readAll(s.history)).filter(({ route }) => route.type === 'user.updated' && route.subjectId === user.id);
      expect(logged.map(({ event }) => event)).toEqual([userUpdated({ ...summaryOf(user), displayName: 'After the clash' }, [server.id])]);
    });

    it('gives out a unit’s events in the order they were appended, at consecutive positions', async () => {
      const { server } = await aServerWithOwner(s.stores);
      const { user } = await givenMemberOf(s.stores, server.id);
      const events: ChatEvent[] = [
        memberJoined({ serverId: server.id, userId: user.id, joinedAt: new Date('2026-01-01T00:00:00.000Z'), user: summaryOf(user), roleIds: [] }),
        memberLeft(server.id, user.id, 'leave'),
      ];

      await s.unitOfWork.run(async (stores) => {
        for (const event of events) await stores.events.append(event);
      });
      await s.place();

      const logged = (await readAll(s.history)).filter(({ event }) => event?.type.startsWith('member.') && JSON.stringify(event).includes(user.id));
      expect(logged.map(({ event }) => event)).toEqual(events);
      expect(logged[1]!.position).toBe(logged[0]!.position + 1);
    });

    it('keeps beside each event its route: its type, its server, the user it is about and its channel', async () => {
      const { server, defaultChannel } = await aServerWithOwner(s.stores);
      const { user } = await givenMemberOf(s.stores, server.id);
      const events: ChatEvent[] = [
        memberJoined({ serverId: server.id, userId: user.id, joinedAt: new Date('2026-01-02T00:00:00.000Z'), user: summaryOf(user), roleIds: [] }),
        sessionRevoked(user.id, null),
        channelLost(server.id, defaultChannel.id, user.id),
        userUpdated(summaryOf(user), [server.id]),
        readStateUpdated(user.id, defaultChannel.id, freshIdLike(), 0),
      ];

      await s.unitOfWork.run(async (stores) => {
        for (const event of events) await stores.events.append(event);
      });
      await s.place();

      const all = await readAll(s.history);
      expect(all.slice(-5).map(({ route }) => route)).toEqual([
        { type: 'member.joined', serverId: server.id, subjectId: user.id, channelId: null },
        { type: 'session.revoked', serverId: null, subjectId: user.id, channelId: null },
        { type: 'channel.lost', serverId: server.id, subjectId: user.id, channelId: defaultChannel.id },
        { type: 'user.updated', serverId: null, subjectId: user.id, channelId: null },
        { type: 'read_state.updated', serverId: null, subjectId: user.id, channelId: null },
      ]);
      expect(all.at(-1)?.event).toEqual(events.at(-1));
    });

    it('appends thousands of events at once in their order (a change that tells each member apart)', async () => {
      const { server, defaultChannel } = await aServerWithOwner(s.stores);
      const many = Array.from({ length: 2_500 }, (_, i) => channelLost(server.id, defaultChannel.id, String(1_000_000 + i)));

      await s.unitOfWork.run((stores) => stores.events.append(...many));
      await s.place();

      const mine = (await readAll(s.history)).filter(({ route }) => route.serverId === server.id && route.type === 'channel.lost');
      expect(mine.map(({ route }) => route.subjectId)).toEqual(many.map((_e, i) => String(1_000_000 + i)));
    });

    it('numbers the whole log 1, 2, 3, … with no gap, and reads it in pages from any position', async () => {
      const all = await readAll(s.history);

      expect(all.length).toBeGreaterThan(0);
      expect(all.map(({ position }) => position)).toEqual(all.map((_e, i) => (all[0]?.position ?? 0) + i));
      const middle = all[Math.floor(all.length / 2)]!.position;
      expect((await s.history.after(middle, 2)).map(({ position }) => position)).toEqual([middle + 1, middle + 2].filter((p) => p <= all[all.length - 1]!.position));
    });

    it('tells a snapshot which committed events it reflects that have no position yet, by the ids they later come with', async () => {
      const user = await givenUser(s.stores);
      const actor = await givenActor(s.stores, user.id);
      const event = memberLeft(freshIdLike(), user.id, 'leave');
      // Another user's unplaced event is none of this snapshot's business.
      const other = memberLeft(freshIdLike(), (await givenUser(s.stores)).id, 'leave');

      await s.unitOfWork.run(async (stores) => {
        await stores.events.append(event);
        await stores.events.append(other);
      });
      const snapshot = (await s.history.snapshot(actor, null))!;
      await s.place();

      const logged = (await readAll(s.history)).find((entry) => entry.event?.type === 'member.left' && entry.event.userId === user.id)!;
      // Placed already at the snapshot (at or before its head), or else named among its unplaced.
      expect(logged.position <= snapshot.head).toBe(!snapshot.unplaced.has(logged.id));
      expect(snapshot.unplaced.size).toBeLessThanOrEqual(logged.position > snapshot.head ? 1 : 0);
    });

    it("snapshots a user's servers with their channels, the log's head, and which servers they joined after a position", async () => {
      const { server, defaultChannel } = await aServerWithOwner(s.stores);
      const joiner = await givenUser(s.stores);
      const actor = await givenActor(s.stores, joiner.id);
      await s.place();
      const before = (await s.history.snapshot(actor, null))!;

      await s.unitOfWork.run(async (stores) => {
        const member = { serverId: server.id, userId: joiner.id, joinedAt: new Date('2026-01-01T00:00:00.000Z') };
        await stores.members.add(member);
        await stores.events.append(memberJoined({ ...member, user: summaryOf(joiner), roleIds: [] }));
      });
      await s.place();
      const after = (await s.history.snapshot(actor, before.head))!;

      expect(before.servers).toEqual([]);
      expect(after).toEqual({
        logId: before.logId,
        head: before.head + 1,
        oldest: expect.any(Number),
        user: summaryOf(joiner),
        servers: [{ server, channels: [defaultChannel] }],
        privateChannels: [],
        conversationIds: new Set(),
        joinedAfter: new Set([server.id]),
        hidden: new Map(),
        shownAfter: new Map(),
        unplaced: new Set(),
        readStates: [],
      });
      expect((await s.history.snapshot(actor, after.head))!.joinedAfter).toEqual(new Set());
    });

    it("snapshots the user's read states: where they have something unread", async () => {
      const { server, defaultChannel } = await aServerWithOwner(s.stores);
      // Joined at the ids' epoch: the fixtures' message ids are of a time of their own.
      const { user } = await givenMemberOf(s.stores, server.id, new Date(ID_EPOCH_MS));
      const actor = await givenActor(s.stores, user.id);
      const owner = await givenActor(s.stores, server.ownerId);
      expect((await s.stores.messages.createAs(owner, withoutAuthor(aMessage(defaultChannel.id, owner.userId)), null)).ok).toBe(true);
      await s.place();

      const snapshot = (await s.history.snapshot(actor, null))!;
      expect(snapshot.readStates).toEqual([{ channelId: defaultChannel.id, serverId: server.id, lastReadMessageId: null, unreadCount: 1, mentionCount: 0 }]);
      expect(snapshot.readStates).toEqual(await s.stores.readStates.list(user.id));
    });

    it('leaves out of a snapshot the channels the user cannot see, and names those that came into their sight after a position', async () => {
      const { server, defaultChannel } = await aServerWithOwner(s.stores);
      const { user } = await givenMemberOf(s.stores, server.id);
      const actor = await givenActor(s.stores, user.id);
      const ownerActor = await givenActor(s.stores, server.ownerId);
      const VIEW = bitsOf(['VIEW_CHANNEL']);
      const channel = (name: string, permissionOverwrites: Channel['permissionOverwrites']): Channel => ({
        ...defaultChannel,
        id: freshIdLike(),
        name,
        permissionOverwrites,
      });
      const secret = channel('secret', [{ id: server.id, type: 'role', allow: 0, deny: VIEW }]);
      const opened = channel('opened', [
        { id: server.id, type: 'role', allow: 0, deny: VIEW },
        { id: user.id, type: 'member', allow: VIEW, deny: 0 },
      ]);
      await s.unitOfWork.run(async (stores) => {
        await stores.channels.create(secret);
        await stores.channels.create(opened);
      });
      await s.place();
      const before = (await s.history.snapshot(actor, null))!;
      await s.unitOfWork.run(async (stores) => {
        await stores.events.append(channelGained(opened, user.id));
        await stores.events.append(channelGained(secret, user.id));
      });
      await s.place();
      const after = (await s.history.snapshot(actor, before.head))!;

      const seen = (snapshot: typeof after) => snapshot.servers.find((entry) => entry.server.id === server.id)!.channels.map((c) => c.name);
      expect(seen(after)).toEqual(expect.arrayContaining([defaultChannel.name, 'opened']));
      expect(seen(after)).not.toContain('secret');
      expect(after.hidden).toEqual(new Map([[secret.id, server.id]]));
      // Out of sight now, whatever the log said since: not among those shown.
      expect(after.shownAfter).toEqual(new Map([[opened.id, server.id]]));
      expect(before.shownAfter).toEqual(new Map());
      // The owner sees through every overwrite.
      expect((await s.history.snapshot(ownerActor, null))!.hidden).toEqual(new Map());
    });

    it('gives no snapshot for a session that is not live, or a user that does not exist', async () => {
      const user = await givenUser(s.stores);
      const actor = await givenActor(s.stores, user.id);
      const other = await givenActor(s.stores, (await givenUser(s.stores)).id);

      await s.stores.sessions.revoke(actor.sessionId);

      expect(await s.history.snapshot(actor, null)).toBeNull();
      expect(await s.history.snapshot({ userId: user.id, sessionId: other.sessionId }, null)).toBeNull();
      expect(await s.history.snapshot({ userId: '9223372036854775000', sessionId: other.sessionId }, null)).toBeNull();
      expect(await s.history.snapshot(other, null)).not.toBeNull();
    });
  });
}

import { bitOf, EVERYONE_DEFAULT, has } from '../../src';
import type { SeedableStores } from './fixtures';
import { aMember, aNewServer, anInvite, aReaction, aServerWithOwner, at, freshId, freshIds, givenMessage, givenUser, summaryOf } from './fixtures';

/** What every `ServerRepository` must do. */
export function describeServerRepositoryContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`ServerRepository contract: ${name}`, () => {
    let stores: SeedableStores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    it('creates a server and finds it by id exactly as stored', async () => {
      const owner = await givenUser(stores);
      const { server, defaultChannel, owner: membership, everyone } = aNewServer(owner.id, { server: { createdAt: at(5) } });

      await stores.servers.create({ server, defaultChannel, owner: membership, everyone });

      expect(await stores.servers.findById(server.id)).toEqual(server);
    });

    it('keeps avatar, banner and verified as given', async () => {
      const owner = await givenUser(stores);
      const newServer = aNewServer(owner.id, {
        server: { avatar: 'https://cdn.example.com/a.png', banner: 'https://cdn.example.com/b.png', verified: true },
      });

      await stores.servers.create(newServer);

      expect(await stores.servers.findById(newServer.server.id)).toEqual(newServer.server);
    });

    it('creates the default channel along with the server', async () => {
      const { server, defaultChannel } = await aServerWithOwner(stores);

      expect(await stores.channels.findById(server.defaultChannelId)).toEqual(defaultChannel);
      expect(await stores.channels.listByServer(server.id, { limit: 1000 })).toEqual([defaultChannel]);
    });

    it("creates the owner's membership along with the server", async () => {
      const { server, owner, ownerUser } = await aServerWithOwner(stores, { joinedAt: at(7) });

      expect(await stores.members.find(server.id, ownerUser.id)).toEqual(owner);
      expect(await stores.members.list(server.id, { limit: 10 })).toEqual([
        { ...owner, user: summaryOf(ownerUser), roleIds: [] },
      ]);
    });

    it('updates only the fields given, and answers the server as it is now', async () => {
      const { server } = await aServerWithOwner(stores);

      const renamed = await stores.servers.update(server.id, { name: 'Renamed' });
      expect(renamed).toEqual({ ...server, name: 'Renamed' });
      const pictured = await stores.servers.update(server.id, { avatar: 'https://cdn.example.com/a.png', banner: null });
      expect(pictured).toEqual({ ...server, name: 'Renamed', avatar: 'https://cdn.example.com/a.png', banner: null });
      expect(await stores.servers.update(server.id, { avatar: null })).toEqual({ ...server, name: 'Renamed', avatar: null, banner: null });
      expect(await stores.servers.findById(server.id)).toEqual({ ...server, name: 'Renamed', avatar: null, banner: null });
      expect(await stores.servers.update(server.id, {})).toEqual({ ...server, name: 'Renamed', avatar: null, banner: null });
    });

    it('lists a page of a user’s servers: at most `limit` after the id given, in id order', async () => {
      const owner = await givenUser(stores);
      const servers = [];
      for (let i = 0; i < 3; i++) {
        const created = aNewServer(owner.id);
        await stores.servers.create(created);
        servers.push(created.server);
      }
      servers.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));

      expect(await stores.servers.listForUser(owner.id, { limit: 2 })).toEqual(servers.slice(0, 2));
      expect(await stores.servers.listForUser(owner.id, { limit: 2, after: servers[1]!.id })).toEqual(servers.slice(2));
    });

    it('sets who may invite, and keeps it as created', async () => {
      const owner = await givenUser(stores);
      const open = aNewServer(owner.id, { server: { membersCanInvite: true } });
      await stores.servers.create(open);
      expect(await stores.servers.findById(open.server.id)).toEqual(open.server);

      expect(await stores.servers.update(open.server.id, { membersCanInvite: false })).toEqual({ ...open.server, membersCanInvite: false });
    });

    it("reads and writes who may invite as @everyone's CREATE_INVITE, in every read", async () => {
      const owner = await givenUser(stores);
      const created = aNewServer(owner.id);
      await stores.servers.create(created);
      const { server } = created;

      await stores.servers.update(server.id, { membersCanInvite: true });
      expect(has((await stores.roles.find(server.id, server.id))!.permissions, 'CREATE_INVITE')).toBe(true);

      await stores.roles.update(server.id, server.id, { permissions: EVERYONE_DEFAULT });
      expect((await stores.servers.findById(server.id))?.membersCanInvite).toBe(false);
      await stores.roles.update(server.id, server.id, { permissions: EVERYONE_DEFAULT | bitOf('CREATE_INVITE') });
      for (const read of [
        await stores.servers.findById(server.id),
        await stores.servers.hold(server.id, 'change'),
        await stores.servers.setOwner(server.id, owner.id),
        await stores.servers.update(server.id, { name: 'renamed' }),
        (await stores.servers.listForUser(owner.id, { limit: 1000 })).find((s) => s.id === server.id),
      ]) {
        expect(read?.membersCanInvite).toBe(true);
      }
      expect((await stores.roles.find(server.id, server.id))?.permissions).toBe(EVERYONE_DEFAULT | bitOf('CREATE_INVITE'));
    });

    it('holds a server for a join or a change, reading it as findById does; null if unknown', async () => {
      const { server } = await aServerWithOwner(stores);

      expect(await stores.servers.hold(server.id, 'join')).toEqual(server);
      expect(await stores.servers.hold(server.id, 'change')).toEqual(server);
      expect(await stores.servers.hold(freshId(), 'change')).toBeNull();
    });

    it('hands the server to a new owner', async () => {
      const { server } = await aServerWithOwner(stores);
      const next = await givenUser(stores);
      await stores.members.add(aMember(server.id, next.id));

      expect(await stores.servers.setOwner(server.id, next.id)).toEqual({ ...server, ownerId: next.id });
      expect(await stores.servers.findById(server.id)).toEqual({ ...server, ownerId: next.id });
      expect(await stores.servers.setOwner(freshId(), next.id)).toBeNull();
    });

    it('deletes a server with its channels, messages, reactions, members, invites and bans; others stay', async () => {
      const { server, ownerUser, defaultChannel } = await aServerWithOwner(stores);
      const other = await aServerWithOwner(stores);
      const guest = await givenUser(stores);
      await stores.members.add(aMember(server.id, guest.id));
      await stores.members.add(aMember(other.server.id, guest.id));
      const message = await givenMessage(stores, defaultChannel.id, guest.id);
      await stores.messages.addReaction(aReaction(message, ownerUser.id, '👍'), { distinctEmoji: 20, total: 5000 });
      const invite = anInvite(server.id, ownerUser.id);
      await stores.invites.create(invite);
      const banned = await givenUser(stores);
      await stores.bans.add({ serverId: server.id, userId: banned.id, reason: null, createdAt: at(), memberWhenBanned: false });

      await stores.servers.delete(server.id);

      expect(await stores.servers.findById(server.id)).toBeNull();
      expect(await stores.members.find(server.id, guest.id)).toBeNull();
      expect(await stores.channels.findWithMembership(defaultChannel.id, guest.id)).toBeNull();
      expect(await stores.messages.findById(message.id)).toBeNull();
      expect(await stores.invites.findByCode(invite.code)).toBeNull();
      expect(await stores.bans.isBanned(server.id, banned.id)).toBe(false);
      expect(await stores.servers.listForUser(guest.id, { limit: 1000 })).toEqual([other.server]);
      expect(await stores.members.find(other.server.id, guest.id)).not.toBeNull();
    });

    it('keeps bans: one per user and server, the reason replaced by a second ban (the rest kept), counted, listed oldest first with the user', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      const [first, second] = [await givenUser(stores), await givenUser(stores)];
      await stores.bans.add({ serverId: server.id, userId: second.id, reason: 'later', createdAt: at(2), memberWhenBanned: false });
      await stores.bans.add({ serverId: server.id, userId: first.id, reason: 'spam', createdAt: at(1), memberWhenBanned: true });
      await stores.bans.add({ serverId: server.id, userId: first.id, reason: null, createdAt: at(3), memberWhenBanned: false });

      const firstBan = { serverId: server.id, userId: first.id, reason: null, createdAt: at(1), memberWhenBanned: true };
      expect(await stores.bans.isBanned(server.id, first.id)).toBe(true);
      expect(await stores.bans.find(server.id, first.id)).toEqual(firstBan);
      expect(await stores.bans.count(server.id)).toBe(2);
      expect(await stores.bans.list(server.id, { limit: 10 }, ownerUser.id)).toEqual([
        { ...firstBan, user: summaryOf(first), sharesAServerWithViewer: false },
        { serverId: server.id, userId: second.id, reason: 'later', createdAt: at(2), memberWhenBanned: false, user: summaryOf(second), sharesAServerWithViewer: false },
      ]);
      expect(await stores.bans.remove(server.id, first.id)).toBe('removed');
      expect(await stores.bans.remove(server.id, first.id)).toBe('absent');
      expect(await stores.bans.isBanned(server.id, first.id)).toBe(false);
      expect(await stores.bans.find(server.id, first.id)).toBeNull();
      expect(await stores.bans.count(server.id)).toBe(1);
    });

    it('lists bans a page at a time in ban order (time, then user id), after a given ban', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      const [a, b, c] = [await givenUser(stores), await givenUser(stores), await givenUser(stores)];
      // Two at the same moment: the user id orders them.
      const bans = [c, a, b].map((user, i) => ({ serverId: server.id, userId: user.id, reason: null, createdAt: at(i === 2 ? 5 : 1), memberWhenBanned: false }));
      for (const ban of bans) await stores.bans.add(ban);
      const inOrder = [...bans].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (BigInt(a.userId) < BigInt(b.userId) ? -1 : 1));

      const first = await stores.bans.list(server.id, { limit: 2 }, ownerUser.id);
      const rest = await stores.bans.list(server.id, { limit: 2, after: inOrder[1] }, ownerUser.id);
      expect([...first, ...rest].map((ban) => ban.userId)).toEqual(inOrder.map((ban) => ban.userId));
      expect(first).toHaveLength(2);
    });

    it('says of each banned user whether the viewer shares a server with them now', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      const elsewhere = await aServerWithOwner(stores);
      const [neighbour, stranger] = [await givenUser(stores), await givenUser(stores)];
      await stores.members.add(aMember(elsewhere.server.id, ownerUser.id));
      await stores.members.add(aMember(elsewhere.server.id, neighbour.id));
      for (const user of [neighbour, stranger]) await stores.bans.add({ serverId: server.id, userId: user.id, reason: null, createdAt: at(), memberWhenBanned: false });

      const listed = await stores.bans.list(server.id, { limit: 10 }, ownerUser.id);
      expect(Object.fromEntries(listed.map((ban) => [ban.userId, ban.sharesAServerWithViewer]))).toEqual({ [neighbour.id]: true, [stranger.id]: false });
    });

    it('answers null when updating an unknown server', async () => {
      expect(await stores.servers.update(freshId(), { name: 'Nobody' })).toBeNull();
    });

    it('answers null for an unknown server', async () => {
      expect(await stores.servers.findById(freshId())).toBeNull();
    });

    it('lists no servers for a user who belongs to none', async () => {
      await aServerWithOwner(stores);
      const loner = await givenUser(stores);

      expect(await stores.servers.listForUser(loner.id, { limit: 1000 })).toEqual([]);
    });

    it('lists the servers a user owns', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);

      expect(await stores.servers.listForUser(ownerUser.id, { limit: 1000 })).toEqual([server]);
    });

    it('lists only the servers the user is a member of, in ascending id order', async () => {
      const user = await givenUser(stores);
      const someoneElse = await givenUser(stores);
      const [firstId, secondId, thirdId, fourthId] = freshIds(4) as [string, string, string, string];
      const owned = aNewServer(user.id, { server: { id: thirdId } });
      const joinedEarlier = aNewServer(someoneElse.id, { server: { id: firstId } });
      const notJoined = aNewServer(someoneElse.id, { server: { id: secondId } });
      const joinedLater = aNewServer(someoneElse.id, { server: { id: fourthId } });
      // Created out of id order, so the order of the answer is the store's doing.
      for (const newServer of [joinedLater, owned, notJoined, joinedEarlier]) await stores.servers.create(newServer);
      await stores.members.add(aMember(joinedLater.server.id, user.id, { joinedAt: at(1) }));
      await stores.members.add(aMember(joinedEarlier.server.id, user.id, { joinedAt: at(2) }));

      expect(await stores.servers.listForUser(user.id, { limit: 1000 })).toEqual([joinedEarlier.server, owned.server, joinedLater.server]);
      expect(await stores.servers.listForUser(someoneElse.id, { limit: 1000 })).toEqual([joinedEarlier.server, notJoined.server, joinedLater.server]);
    });

    it('stops listing a server once the user has left it', async () => {
      const { server } = await aServerWithOwner(stores);
      const user = await givenUser(stores);
      await stores.members.add(aMember(server.id, user.id));

      expect(await stores.servers.listForUser(user.id, { limit: 1000 })).toEqual([server]);

      await stores.members.remove(server.id, user.id);

      expect(await stores.servers.listForUser(user.id, { limit: 1000 })).toEqual([]);
    });

    it('counts the servers a user owns, not those they only joined', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      await stores.servers.create(aNewServer(ownerUser.id));
      const other = await aServerWithOwner(stores);
      await stores.members.add(aMember(other.server.id, ownerUser.id));

      expect(await stores.servers.countOwnedBy(ownerUser.id)).toBe(2);
      await stores.servers.delete(server.id);
      expect(await stores.servers.countOwnedBy(ownerUser.id)).toBe(1);
      expect(await stores.servers.countOwnedBy(freshId())).toBe(0);
    });
  });
}

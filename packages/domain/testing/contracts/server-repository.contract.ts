import type { Stores } from '../../src';
import type { SeedableStores } from './fixtures';
import { aMember, aNewServer, aServerWithOwner, at, freshId, freshIds, givenUser } from './fixtures';

/** What every `ServerRepository` must do. */
export function describeServerRepositoryContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`ServerRepository contract: ${name}`, () => {
    let stores: Stores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    it('creates a server and finds it by id exactly as stored', async () => {
      const owner = await givenUser(stores);
      const { server, defaultChannel, owner: membership } = aNewServer(owner.id, { server: { createdAt: at(5) } });

      await stores.servers.create({ server, defaultChannel, owner: membership });

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
      expect(await stores.channels.listByServer(server.id)).toEqual([defaultChannel]);
    });

    it("creates the owner's membership along with the server", async () => {
      const { server, owner, ownerUser } = await aServerWithOwner(stores, { joinedAt: at(7) });

      expect(await stores.members.find(server.id, ownerUser.id)).toEqual(owner);
      expect(await stores.members.list(server.id, { limit: 10 })).toEqual([
        { ...owner, user: { id: ownerUser.id, username: ownerUser.username } },
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

    it('answers null when updating an unknown server', async () => {
      expect(await stores.servers.update(freshId(), { name: 'Nobody' })).toBeNull();
    });

    it('answers null for an unknown server', async () => {
      expect(await stores.servers.findById(freshId())).toBeNull();
    });

    it('lists no servers for a user who belongs to none', async () => {
      await aServerWithOwner(stores);
      const loner = await givenUser(stores);

      expect(await stores.servers.listForUser(loner.id)).toEqual([]);
    });

    it('lists the servers a user owns', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);

      expect(await stores.servers.listForUser(ownerUser.id)).toEqual([server]);
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

      expect(await stores.servers.listForUser(user.id)).toEqual([joinedEarlier.server, owned.server, joinedLater.server]);
      expect(await stores.servers.listForUser(someoneElse.id)).toEqual([joinedEarlier.server, notJoined.server, joinedLater.server]);
    });

    it('stops listing a server once the user has left it', async () => {
      const { server } = await aServerWithOwner(stores);
      const user = await givenUser(stores);
      await stores.members.add(aMember(server.id, user.id));

      expect(await stores.servers.listForUser(user.id)).toEqual([server]);

      await stores.members.remove(server.id, user.id);

      expect(await stores.servers.listForUser(user.id)).toEqual([]);
    });
  });
}

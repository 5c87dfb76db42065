import type { Stores } from '../../src';
import type { SeedableStores } from './fixtures';
import { aChannel, aServerWithOwner, aWiderId, at, freshId, freshIds, givenChannel, givenUser, summaryOf } from './fixtures';

/** What every `ChannelRepository` must do. */
export function describeChannelRepositoryContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`ChannelRepository contract: ${name}`, () => {
    let stores: Stores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    it('creates a channel and finds it by id exactly as stored', async () => {
      const { server } = await aServerWithOwner(stores);
      const channel = aChannel(server.id, { name: 'random', createdAt: at(3) });

      await stores.channels.create(channel);

      expect(await stores.channels.findById(channel.id)).toEqual(channel);
    });

    it('answers null for an unknown channel', async () => {
      expect(await stores.channels.findById(freshId())).toBeNull();
    });

    it("lists a server's channels oldest first (ascending id), the default channel included", async () => {
      const { server, defaultChannel } = await aServerWithOwner(stores, { server: { createdAt: at(0) } });
      const [firstId, secondId, thirdId] = freshIds(3) as [string, string, string];
      const first = aChannel(server.id, { id: firstId, name: 'first', createdAt: at(10) });
      const second = aChannel(server.id, { id: secondId, name: 'second', createdAt: at(10) });
      const third = aChannel(server.id, { id: thirdId, name: 'third', createdAt: at(20) });
      // Created out of order, so the order of the answer is the store's doing.
      for (const channel of [third, first, second]) await stores.channels.create(channel);

      expect(await stores.channels.listByServer(server.id, { limit: 1000 })).toEqual([defaultChannel, first, second, third]);
    });

    it('orders channels by the numeric value of their ids, not by their text', async () => {
      const { server, defaultChannel } = await aServerWithOwner(stores, { server: { createdAt: at(0) } });
      // One more digit: numerically after the default channel's id, alphabetically before it.
      const later = await givenChannel(stores, server.id, { id: aWiderId(), createdAt: at(1) });

      expect(await stores.channels.listByServer(server.id, { limit: 1000 })).toEqual([defaultChannel, later]);
    });

    it("lists only that server's channels", async () => {
      const { server, defaultChannel } = await aServerWithOwner(stores);
      const other = await aServerWithOwner(stores);
      const mine = await givenChannel(stores, server.id);
      await givenChannel(stores, other.server.id);

      expect(await stores.channels.listByServer(server.id, { limit: 1000 })).toEqual([defaultChannel, mine]);
    });

    it('lists no channels for an unknown server', async () => {
      expect(await stores.channels.listByServer(freshId(), { limit: 1000 })).toEqual([]);
    });

    it('finds a channel with the user, if the user belongs to its server', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      const channel = await givenChannel(stores, server.id);
      const outsider = await givenUser(stores);
      const owner = summaryOf(ownerUser);
      expect(await stores.channels.findWithMembership(channel.id, ownerUser.id)).toEqual({ channel, member: owner });
      expect(await stores.channels.findWithMembership(channel.id, outsider.id)).toEqual({ channel, member: null });
      await stores.members.remove(server.id, ownerUser.id);
      expect(await stores.channels.findWithMembership(channel.id, ownerUser.id)).toEqual({ channel, member: null });
      expect(await stores.channels.findWithMembership(freshId(), ownerUser.id)).toBeNull();
    });

    it('lists a page: at most `limit` channels after the id given, in id order', async () => {
      const { server, defaultChannel } = await aServerWithOwner(stores);
      const more = [await givenChannel(stores, server.id), await givenChannel(stores, server.id)];

      expect(await stores.channels.listByServer(server.id, { limit: 2 })).toEqual([defaultChannel, more[0]]);
      expect(await stores.channels.listByServer(server.id, { limit: 2, after: more[0]!.id })).toEqual([more[1]]);
    });

    it("counts a server's channels, the default one included", async () => {
      const { server } = await aServerWithOwner(stores);
      await givenChannel(stores, server.id);

      expect(await stores.channels.countByServer(server.id)).toBe(2);
      expect(await stores.channels.countByServer(freshId())).toBe(0);
    });
  });
}

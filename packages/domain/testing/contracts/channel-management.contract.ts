import { bitsOf } from '../../src';
import type { SeedableStores } from './fixtures';
import { aChannel, aReaction, aServerWithOwner, freshId, freshIds, givenChannel, givenMemberOf, givenMessage } from './fixtures';
import { aRole } from './role-repository.contract';

const VIEW = bitsOf(['VIEW_CHANNEL']);
const SEND = bitsOf(['SEND_MESSAGES']);

/** What every `ChannelRepository` must do to change, order and delete channels, and keep their overwrites. */
export function describeChannelManagementContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`ChannelRepository contract, managing channels: ${name}`, () => {
    let stores: SeedableStores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    it('keeps a topic, a position and overwrites as given, and reads them back everywhere', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      const [low, high] = freshIds(2) as [string, string];
      const channel = aChannel(server.id, {
        topic: 'Plans ✨',
        position: 3,
        permissionOverwrites: [
          { id: high, type: 'member', allow: SEND, deny: 0 },
          { id: low, type: 'role', allow: 0, deny: VIEW },
        ],
      });
      await stores.channels.create(channel);

      const stored = { ...channel, permissionOverwrites: [channel.permissionOverwrites[1], channel.permissionOverwrites[0]] };
      expect(await stores.channels.findById(channel.id)).toEqual(stored);
      expect((await stores.channels.findWithMembership(channel.id, ownerUser.id))?.channel).toEqual(stored);
      expect((await stores.channels.listByServer(server.id, { limit: 10 })).at(-1)).toEqual(stored);
    });

    it('lists by position, then id, and pages in that order', async () => {
      const { server, defaultChannel } = await aServerWithOwner(stores);
      const [a, b, c] = freshIds(3) as [string, string, string];
      const third = await givenChannel(stores, server.id, { id: a, position: 2 });
      const first = await givenChannel(stores, server.id, { id: c, position: 1 });
      const second = await givenChannel(stores, server.id, { id: b, position: 2 });

      expect(await stores.channels.listByServer(server.id, { limit: 10 })).toEqual([defaultChannel, first, third, second]);
      expect(await stores.channels.listByServer(server.id, { limit: 2, after: first.id })).toEqual([third, second]);
      expect(await stores.channels.listByServer(server.id, { limit: 10, after: second.id })).toEqual([]);
      // A channel not (or no longer) in the server ends the list.
      expect(await stores.channels.listByServer(server.id, { limit: 10, after: freshId() })).toEqual([]);
    });

    it('changes the given fields only, and answers null for an unknown channel', async () => {
      const { server } = await aServerWithOwner(stores);
      const channel = await givenChannel(stores, server.id, { topic: 'old' });

      expect(await stores.channels.update(channel.id, { name: 'renamed' })).toEqual({ ...channel, name: 'renamed' });
      expect(await stores.channels.update(channel.id, { topic: null, position: 7 })).toEqual({ ...channel, name: 'renamed', topic: null, position: 7 });
      expect(await stores.channels.findById(channel.id)).toEqual({ ...channel, name: 'renamed', topic: null, position: 7 });
      expect(await stores.channels.update(freshId(), { name: 'x' })).toBeNull();
    });

    it('deletes a channel with its messages and their reactions, and nothing of another channel', async () => {
      const { server, ownerUser, defaultChannel } = await aServerWithOwner(stores);
      const channel = await givenChannel(stores, server.id, { permissionOverwrites: [{ id: server.id, type: 'role', allow: 0, deny: VIEW }] });
      const gone = await givenMessage(stores, channel.id, ownerUser.id);
      await stores.messages.addReaction(aReaction(gone, ownerUser.id, '👍'), { distinctEmoji: 20, total: 100 });
      const kept = await givenMessage(stores, defaultChannel.id, ownerUser.id);

      expect(await stores.channels.delete(channel.id)).toBe('deleted');

      expect(await stores.channels.findById(channel.id)).toBeNull();
      expect(await stores.messages.findById(gone.id)).toBeNull();
      expect(await stores.messages.findById(kept.id)).toEqual(kept);
      expect(await stores.channels.countByServer(server.id)).toBe(1);
      expect(await stores.channels.delete(channel.id)).toBe('absent');
    });

    it('sets, replaces and removes the overwrite of a target', async () => {
      const { server } = await aServerWithOwner(stores);
      const { user } = await givenMemberOf(stores, server.id);
      const channel = await givenChannel(stores, server.id);

      await stores.channels.setOverwrite(channel.id, { id: user.id, type: 'member', allow: VIEW, deny: SEND });
      await stores.channels.setOverwrite(channel.id, { id: server.id, type: 'role', allow: 0, deny: VIEW });
      await stores.channels.setOverwrite(channel.id, { id: user.id, type: 'member', allow: VIEW | SEND, deny: 0 });
      expect((await stores.channels.findById(channel.id))?.permissionOverwrites).toEqual([
        { id: server.id, type: 'role', allow: 0, deny: VIEW },
        { id: user.id, type: 'member', allow: VIEW | SEND, deny: 0 },
      ]);

      expect(await stores.channels.removeOverwrite(channel.id, server.id)).toBe('removed');
      expect(await stores.channels.removeOverwrite(channel.id, server.id)).toBe('absent');
      expect((await stores.channels.findById(channel.id))?.permissionOverwrites).toEqual([{ id: user.id, type: 'member', allow: VIEW | SEND, deny: 0 }]);
    });

    it("drops a role's overwrites in every channel of its server when the role is deleted", async () => {
      const { server } = await aServerWithOwner(stores);
      const role = aRole(server.id, 1);
      await stores.roles.create(role);
      const [one, two] = [await givenChannel(stores, server.id), await givenChannel(stores, server.id)];
      for (const channel of [one, two]) await stores.channels.setOverwrite(channel.id, { id: role.id, type: 'role', allow: VIEW, deny: 0 });
      await stores.channels.setOverwrite(two.id, { id: server.id, type: 'role', allow: 0, deny: VIEW });

      await stores.roles.delete(server.id, role.id);

      expect((await stores.channels.findById(one.id))?.permissionOverwrites).toEqual([]);
      expect((await stores.channels.findById(two.id))?.permissionOverwrites).toEqual([{ id: server.id, type: 'role', allow: 0, deny: VIEW }]);
    });
  });
}

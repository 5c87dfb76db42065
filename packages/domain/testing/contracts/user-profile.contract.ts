import { compareIds, type Stores } from '../../src';
import type { SeedableStores } from './fixtures';
import { aMember, aServerWithOwner, freshId, givenUser } from './fixtures';

/** What every store must do for accounts and profiles: `users.update`, `users.sharesWith`, `members.serverIdsOf`. */
export function describeUserProfileContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`User profiles contract: ${name}`, () => {
    let stores: Stores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    it('changes the given fields only and answers the user as stored now', async () => {
      const user = await givenUser(stores);
      const renamed = `R_${freshId()}`;

      const updated = await stores.users.update(user.id, { username: renamed, displayName: 'Ann 😀 "B"', avatar: 'https://img.example/a.png?x=1' });

      const expected = { ...user, username: renamed, displayName: 'Ann 😀 "B"', avatar: 'https://img.example/a.png?x=1' };
      expect(updated).toEqual(expected);
      expect(await stores.users.findById(user.id)).toEqual(expected);
      expect(await stores.users.findByUsername(renamed.toLowerCase())).toEqual(expected);
      expect(await stores.users.findByUsername(user.username)).toBeNull();
      // Left out stays; null clears.
      expect(await stores.users.update(user.id, { avatar: null })).toEqual({ ...expected, avatar: null });
    });

    it('answers UsernameTaken for a name another user holds in any case, and changes nothing', async () => {
      const holder = await givenUser(stores);
      const user = await givenUser(stores);

      expect(await stores.users.update(user.id, { username: holder.username.toUpperCase(), displayName: 'Never' })).toBe('UsernameTaken');

      expect(await stores.users.findById(user.id)).toEqual(user);
      expect(await stores.users.findByUsername(holder.username)).toEqual(holder);
    });

    it("lets a user change the case of their own name", async () => {
      const user = await givenUser(stores, { username: `lower_${freshId()}` });
      const upper = user.username.toUpperCase();

      expect(await stores.users.update(user.id, { username: upper })).toEqual({ ...user, username: upper });
    });

    it('answers null for an unknown user', async () => {
      expect(await stores.users.update(freshId(), { displayName: 'Nobody' })).toBeNull();
    });

    it('says two users share something only when they share a server (or are one)', async () => {
      const { server, ownerUser } = await aServerWithOwner(stores);
      const member = await givenUser(stores);
      const stranger = await givenUser(stores);
      await stores.members.add(aMember(server.id, member.id));

      expect(await stores.users.sharesWith(ownerUser.id, member.id)).toBe(true);
      expect(await stores.users.sharesWith(member.id, ownerUser.id)).toBe(true);
      expect(await stores.users.sharesWith(member.id, member.id)).toBe(true);
      expect(await stores.users.sharesWith(member.id, stranger.id)).toBe(false);
      expect(await stores.users.sharesWith(stranger.id, freshId())).toBe(false);
      await stores.members.remove(server.id, member.id);
      expect(await stores.users.sharesWith(ownerUser.id, member.id)).toBe(false);
    });

    it("lists the ids of a user's servers in id order, and none for a user in none", async () => {
      const user = await givenUser(stores);
      const first = await aServerWithOwner(stores);
      const second = await aServerWithOwner(stores);
      await aServerWithOwner(stores);
      await stores.members.add(aMember(second.server.id, user.id));
      await stores.members.add(aMember(first.server.id, user.id));

      expect(await stores.members.serverIdsOf(user.id)).toEqual([first.server.id, second.server.id].sort(compareIds));
      expect(await stores.members.serverIdsOf((await givenUser(stores)).id)).toEqual([]);
    });
  });
}

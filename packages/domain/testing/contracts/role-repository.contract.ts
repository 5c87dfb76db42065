import { bitsOf, EVERYONE_DEFAULT, type Id, type Role, type Stores } from '../../src';
import type { SeedableStores } from './fixtures';
import { aMember, aServerWithOwner, at, freshId, givenMemberOf } from './fixtures';

export const aRole = (serverId: Id, position: number, overrides: Partial<Role> = {}): Role => ({
  id: freshId(),
  serverId,
  name: `role ${position}`,
  color: null,
  position,
  permissions: bitsOf(['KICK_MEMBERS']),
  createdAt: at(),
  ...overrides,
});

const positions = async (stores: Stores, serverId: Id) => (await stores.roles.listByServer(serverId)).map((r) => [r.name, r.position]);

/** What every `RoleRepository` must do. */
export function describeRoleRepositoryContract(name: string, makeStores: () => Promise<SeedableStores>): void {
  describe(`RoleRepository contract: ${name}`, () => {
    let stores: Stores;
    beforeAll(async () => {
      stores = await makeStores();
    });

    it('gives every new server its @everyone role: the server id, position 0, the defaults', async () => {
      const { server } = await aServerWithOwner(stores);

      expect(await stores.roles.listByServer(server.id)).toEqual([
        { id: server.id, serverId: server.id, name: '@everyone', color: null, position: 0, permissions: EVERYONE_DEFAULT, createdAt: server.createdAt },
      ]);
      expect(await stores.roles.countByServer(server.id)).toBe(0);
    });

    it('adds a role at its position, moving those at or above it up, and reads it back exactly', async () => {
      const { server } = await aServerWithOwner(stores);
      const low = aRole(server.id, 1, { name: 'low', color: 0x12ab34 });
      const high = aRole(server.id, 2, { name: 'high' });
      await stores.roles.create(low);
      await stores.roles.create(high);
      await stores.roles.create(aRole(server.id, 2, { name: 'middle' }));

      expect(await positions(stores, server.id)).toEqual([['@everyone', 0], ['low', 1], ['middle', 2], ['high', 3]]);
      expect(await stores.roles.find(server.id, low.id)).toEqual(low);
      expect(await stores.roles.countByServer(server.id)).toBe(3);
    });

    it('finds a role only under its own server', async () => {
      const { server } = await aServerWithOwner(stores);
      const other = await aServerWithOwner(stores);
      const role = aRole(server.id, 1);
      await stores.roles.create(role);

      expect(await stores.roles.find(other.server.id, role.id)).toBeNull();
      expect(await stores.roles.find(server.id, freshId())).toBeNull();
    });

    it('changes only the given fields', async () => {
      const { server } = await aServerWithOwner(stores);
      const role = aRole(server.id, 1, { color: 5 });
      await stores.roles.create(role);

      const updated = await stores.roles.update(server.id, role.id, { name: 'renamed', permissions: bitsOf(['BAN_MEMBERS']) });

      expect(updated).toEqual({ ...role, name: 'renamed', permissions: bitsOf(['BAN_MEMBERS']) });
      expect(await stores.roles.update(server.id, role.id, { color: null })).toEqual({ ...updated, color: null });
      expect(await stores.roles.update(server.id, freshId(), { name: 'x' })).toBeNull();
    });

    it('moves a role up or down, shifting the roles between, and keeps positions dense', async () => {
      const { server } = await aServerWithOwner(stores);
      const [a, b, c, d] = [1, 2, 3, 4].map((p) => aRole(server.id, p, { name: 'abcd'[p - 1]! }));
      for (const role of [a!, b!, c!, d!]) await stores.roles.create(role);

      await stores.roles.move(server.id, a!.id, 3);
      expect(await positions(stores, server.id)).toEqual([['@everyone', 0], ['b', 1], ['c', 2], ['a', 3], ['d', 4]]);
      await stores.roles.move(server.id, d!.id, 1);
      expect(await positions(stores, server.id)).toEqual([['@everyone', 0], ['d', 1], ['b', 2], ['c', 3], ['a', 4]]);
    });

    it('deletes a role with its assignments, closes the gap, and never deletes @everyone', async () => {
      const { server } = await aServerWithOwner(stores);
      const { user } = await givenMemberOf(stores, server.id);
      const [a, b] = [aRole(server.id, 1, { name: 'a' }), aRole(server.id, 2, { name: 'b' })];
      await stores.roles.create(a);
      await stores.roles.create(b);
      await stores.roles.assign(server.id, user.id, a.id);

      expect(await stores.roles.delete(server.id, a.id)).toBe('deleted');
      expect(await stores.roles.delete(server.id, a.id)).toBe('absent');
      expect(await stores.roles.delete(server.id, server.id)).toBe('absent');

      expect(await positions(stores, server.id)).toEqual([['@everyone', 0], ['b', 1]]);
      expect(await stores.roles.roleIdsOf(server.id, user.id)).toEqual([]);
    });

    it("assigns and unassigns a member's roles, listed by position", async () => {
      const { server } = await aServerWithOwner(stores);
      const { user } = await givenMemberOf(stores, server.id);
      const [low, high] = [aRole(server.id, 1), aRole(server.id, 2)];
      await stores.roles.create(low);
      await stores.roles.create(high);

      expect(await stores.roles.assign(server.id, user.id, high.id)).toBe('added');
      expect(await stores.roles.assign(server.id, user.id, low.id)).toBe('added');
      expect(await stores.roles.assign(server.id, user.id, low.id)).toBe('already');
      expect(await stores.roles.roleIdsOf(server.id, user.id)).toEqual([low.id, high.id]);

      expect(await stores.roles.unassign(server.id, user.id, high.id)).toBe('removed');
      expect(await stores.roles.unassign(server.id, user.id, high.id)).toBe('absent');
      expect(await stores.roles.roleIdsOf(server.id, user.id)).toEqual([low.id]);
    });

    it('drops a member\'s roles when they leave: one who comes back has none', async () => {
      const { server } = await aServerWithOwner(stores);
      const { user, member } = await givenMemberOf(stores, server.id);
      const role = aRole(server.id, 1);
      await stores.roles.create(role);
      await stores.roles.assign(server.id, user.id, role.id);

      await stores.members.remove(server.id, user.id);
      await stores.members.add(aMember(server.id, user.id, { joinedAt: member.joinedAt }));

      expect(await stores.roles.roleIdsOf(server.id, user.id)).toEqual([]);
    });
  });
}

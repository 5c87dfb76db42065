import { bitsOf, type Actor, type Permission, type Server } from '@chat/domain';
import type { TestWorld } from '@chat/domain/testing';

/**
 * Gives the member a new role holding `permissions`, at `position` (default: on top), written to the
 * store directly: the roles routes are not what these tests are about.
 */
export async function aRoleFor(world: TestWorld, server: Server, member: Actor, permissions: Permission[], position?: number): Promise<string> {
  const at = position ?? (await world.stores.roles.countByServer(server.id)) + 1;
  const id = world.ids.next();
  await world.stores.roles.create({ id, serverId: server.id, name: `role ${id}`, color: null, position: at, permissions: bitsOf(permissions), createdAt: world.clock.now() });
  await world.stores.roles.assign(server.id, member.userId, id);
  return id;
}

import { isEveryone, type Role } from '../../entities/role';
import type { ErrorOf } from '../../errors';
import { roleUpdated, type ChatEvent } from '../../events/chat-event';
import { isId, type Id } from '../../ids';
import type { Stores } from '../../ports/stores';
import { fail, ok, type Result } from '../../result';
import { mayManageRoleAt } from '../../rules/permission-rules';
import type { Ranked } from '../permissions';

/**
 * A role of the server that the caller may manage: one below their highest role (the owner's: any).
 * `@everyone` is below every member's highest role, as on Discord: a member whose MANAGE_ROLES
 * comes from `@everyone` alone may still edit its permissions (granting only what they hold).
 * `everyone`: whether this change may touch `@everyone` (a refusal is a 400, told before the 403).
 */
export function roleToManage(
  standing: Ranked,
  roleId: string,
  everyone: 'allowed' | 'refused',
): Result<Role, ErrorOf<'RoleNotFound' | 'EveryoneRole' | 'RoleHierarchy'>> {
  // Read from the roles the standing already holds: the server is held, so they are the roles now.
  const role = isId(roleId) ? standing.serverRoles.find((r) => r.id === roleId) : undefined;
  if (!role) return fail({ kind: 'RoleNotFound' });
  if (everyone === 'refused' && isEveryone(role)) return fail({ kind: 'EveryoneRole' });
  return isEveryone(role) || mayManageRoleAt(standing.rank, role.position) ? ok(role) : fail({ kind: 'RoleHierarchy' });
}

/**
 * `role.updated` for each role whose position a write moved, except `changed` (which has its own
 * event): positions stay dense, so a create, a move or a delete shifts its neighbours, and a client
 * that keeps roles by id learns each new place without computing it.
 */
export async function shiftedRoleEvents(stores: Pick<Stores, 'roles'>, before: readonly Role[], serverId: Id, changed: Id): Promise<ChatEvent[]> {
  const was = new Map(before.map((role) => [role.id, role.position]));
  const now = await stores.roles.listByServer(serverId);
  return now.filter((role) => role.id !== changed && was.has(role.id) && was.get(role.id) !== role.position).map(roleUpdated);
}

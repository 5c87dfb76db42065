import type { Actor } from '../../entities/session';
import type { ErrorOf } from '../../errors';
import { memberUpdated } from '../../events/chat-event';
import { isId } from '../../ids';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Result } from '../../result';
import { serverWithPermission } from '../permissions';
import { SightWatch } from '../channel-sight';
import { roleToManage } from './role-access';

export const MEMBER_ROLE_ERRORS = ['ServerNotFound', 'NotAMember', 'MissingPermission', 'MemberNotFound', 'RoleNotFound', 'EveryoneRole', 'RoleHierarchy'] as const;

type MemberRoleError = ErrorOf<(typeof MEMBER_ROLE_ERRORS)[number]>;

/**
 * Assigns a role to a member or takes it away, for a caller with `MANAGE_ROLES` who outranks the
 * role. Idempotent: when nothing changed (already held, already not) there is no event.
 */
export async function changeMemberRole(
  unitOfWork: UnitOfWork,
  actor: Actor,
  target: { readonly serverId: string; readonly userId: string; readonly roleId: string },
  change: 'assign' | 'unassign',
): Promise<Result<void, MemberRoleError>> {
  return unitOfWork.run(async (stores) => {
    // Held: a leave or a kick of the member, or a delete of the role, goes first or waits.
    const access = await serverWithPermission(stores, target.serverId, actor.userId, 'MANAGE_ROLES', { held: true });
    if (!access.ok) return access;
    const { server, standing } = access.value;
    if (!isId(target.userId) || !(await stores.members.find(server.id, target.userId))) return fail({ kind: 'MemberNotFound' });
    const role = roleToManage(standing, target.roleId, 'refused');
    if (!role.ok) return role;
    const sight = await SightWatch.before(stores, server, { userIds: [target.userId] });
    const changed =
      change === 'assign'
        ? (await stores.roles.assign(server.id, target.userId, role.value.id)) === 'added'
        : (await stores.roles.unassign(server.id, target.userId, role.value.id)) === 'removed';
    if (changed) await sight.append(stores, [memberUpdated(server.id, target.userId, await stores.roles.roleIdsOf(server.id, target.userId))]);
    return ok(undefined);
  });
}

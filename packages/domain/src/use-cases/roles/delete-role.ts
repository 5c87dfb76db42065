import type { Actor } from '../../entities/session';
import { roleDeleted } from '../../events/chat-event';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { ok, type Outcome } from '../../result';
import { serverWithPermission } from '../permissions';
import { SightWatch } from '../channel-sight';
import { roleToManage, shiftedRoleEvents } from './role-access';

/**
 * A member with `MANAGE_ROLES` deletes a role below their highest one: its members lose it and its
 * channel overwrites go with it. Every member gets `role.deleted` (and no `member.updated` for each holder).
 */
export class DeleteRole {
  static readonly errors = ['ServerNotFound', 'NotAMember', 'MissingPermission', 'RoleNotFound', 'EveryoneRole', 'RoleHierarchy'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, serverId: string, roleId: string): Outcome<void, typeof DeleteRole.errors> {
    return this.unitOfWork.run(async (stores) => {
      const access = await serverWithPermission(stores, serverId, actor.userId, 'MANAGE_ROLES', { held: true });
      if (!access.ok) return access;
      const { server, standing } = access.value;
      const role = roleToManage(standing, roleId, 'refused');
      if (!role.ok) return role;
      // Its holders may lose sight of channels it opened to them, or gain sight of ones it shut.
      const sight = await SightWatch.before(stores, server);
      await stores.roles.delete(server.id, role.value.id);
      await sight.append(stores, [roleDeleted(server.id, role.value.id)]);
      for (const event of await shiftedRoleEvents(stores, standing.serverRoles, server.id, role.value.id)) await stores.events.append(event);
      return ok(undefined);
    });
  }
}

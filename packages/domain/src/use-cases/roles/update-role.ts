import { has } from '../../entities/permissions';
import { isEveryone, type Role } from '../../entities/role';
import type { Server } from '../../entities/server';
import type { Actor } from '../../entities/session';
import { validationFailed, type Issue } from '../../errors';
import { roleUpdated, serverUpdated } from '../../events/chat-event';
import type { Stores } from '../../ports/stores';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { mayGrant, mayManageRoleAt } from '../../rules/permission-rules';
import { positionIssues, roleFieldIssues } from '../../rules/role-rules';
import { serverWithPermission } from '../permissions';
import { SightWatch } from '../channel-sight';
import { roleToManage, shiftedRoleEvents } from './role-access';

export interface UpdateRoleInput {
  readonly name?: string;
  readonly color?: number | null;
  /** The whole new set of permission names. */
  readonly permissions?: readonly unknown[];
  readonly position?: number;
}

/**
 * A member with `MANAGE_ROLES` renames, recolours, re-permissions or moves a role below their own
 * highest role, changing only permissions they hold. `@everyone` keeps its name and place; its
 * `CREATE_INVITE` is the server's `membersCanInvite`, so changing it is a `server.updated` too.
 */
export class UpdateRole {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember', 'MissingPermission', 'RoleNotFound', 'EveryoneRole', 'RoleHierarchy'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, serverId: string, roleId: string, input: UpdateRoleInput): Outcome<Role, typeof UpdateRole.errors> {
    const { issues, bits } = roleFieldIssues(input);
    if (input.position !== undefined && !Number.isInteger(input.position)) issues.push({ path: 'position', message: 'must be an integer' });
    if (Object.values(input).every((value) => value === undefined)) issues.push({ path: '', message: 'must change at least one of name, color, permissions, position' });
    if (issues.length > 0) return fail(validationFailed(issues));
    return this.unitOfWork.run(async (stores) => {
      const access = await serverWithPermission(stores, serverId, actor.userId, 'MANAGE_ROLES', { held: true });
      if (!access.ok) return access;
      const { server, standing } = access.value;
      const role = roleToManage(standing, roleId, input.name !== undefined || input.position !== undefined ? 'refused' : 'allowed');
      if (!role.ok) return role;
      const before = role.value;
      if (input.position !== undefined) {
        const range: Issue[] = positionIssues(input.position, await stores.roles.countByServer(server.id));
        if (range.length > 0) return fail(validationFailed(range));
        // Not to their own place or above: they could not manage it there.
        if (!mayManageRoleAt(standing.rank, input.position)) return fail({ kind: 'RoleHierarchy' });
      }
      // Granting or taking away: either way only what the caller holds.
      if (bits !== undefined && !mayGrant(standing.permissions, bits ^ before.permissions)) return fail({ kind: 'RoleHierarchy' });

      return ok(await this.apply(stores, server, before, standing.serverRoles, { ...input, permissions: bits }));
    });
  }

  private async apply(
    stores: Stores,
    server: Server,
    before: Role,
    serverRoles: readonly Role[],
    input: Omit<UpdateRoleInput, 'permissions'> & { permissions: number | undefined },
  ): Promise<Role> {
    const name = input.name?.trim();
    // New permissions may take channels out of its holders' sight, or bring them in.
    const sight = input.permissions !== undefined && input.permissions !== before.permissions ? await SightWatch.before(stores, server) : null;
    await stores.roles.update(before.serverId, before.id, { name, color: input.color, permissions: input.permissions });
    if (input.position !== undefined) await stores.roles.move(before.serverId, before.id, input.position);
    const role = (await stores.roles.find(before.serverId, before.id)) ?? before;
    if (sight) await sight.append(stores, [roleUpdated(role)]);
    else await stores.events.append(roleUpdated(role));
    for (const event of await shiftedRoleEvents(stores, serverRoles, before.serverId, role.id)) await stores.events.append(event);
    if (isEveryone(role) && has(role.permissions, 'CREATE_INVITE') !== has(before.permissions, 'CREATE_INVITE')) {
      const server = await stores.servers.findById(role.serverId);
      if (server) await stores.events.append(serverUpdated(server));
    }
    return role;
  }
}

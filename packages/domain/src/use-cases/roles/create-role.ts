import { DEFAULT_QUOTAS, type Quotas } from '../../entities/quotas';
import type { Role } from '../../entities/role';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import { roleCreated } from '../../events/chat-event';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { mayGrant } from '../../rules/permission-rules';
import { quotaRefusal } from '../../rules/quota-rules';
import { roleFieldIssues } from '../../rules/role-rules';
import { serverWithPermission } from '../permissions';
import { shiftedRoleEvents } from './role-access';

export interface CreateRoleInput {
  readonly name: string;
  readonly color?: number | null;
  /** Permission names. */
  readonly permissions?: readonly unknown[];
}

/**
 * A member with `MANAGE_ROLES` adds a role, just under their own highest role (the owner's goes on
 * top), holding only permissions they hold themselves; every member gets `role.created`.
 */
export class CreateRole {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember', 'MissingPermission', 'RoleHierarchy', 'QuotaExceeded'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly quotas: Quotas = DEFAULT_QUOTAS,
  ) {}

  async execute(actor: Actor, serverId: string, input: CreateRoleInput): Outcome<Role, typeof CreateRole.errors> {
    const { issues, bits = 0 } = roleFieldIssues(input);
    if (issues.length > 0) return fail(validationFailed(issues));
    return this.unitOfWork.run(async (stores) => {
      // Held: racing creations count one at a time and take distinct positions.
      const access = await serverWithPermission(stores, serverId, actor.userId, 'MANAGE_ROLES', { held: true });
      if (!access.ok) return access;
      const { server, standing } = access.value;
      if (!mayGrant(standing.permissions, bits)) return fail({ kind: 'RoleHierarchy' });
      const count = await stores.roles.countByServer(server.id);
      const full = quotaRefusal(this.quotas, 'rolesPerServer', count);
      if (full) return fail(full);

      // Under the creator's highest role, which moves up one: they can manage what they made.
      const position = standing.isOwner ? count + 1 : Math.max(1, standing.rank);
      const role: Role = { id: this.ids.next(), serverId: server.id, name: input.name.trim(), color: input.color ?? null, position, permissions: bits, createdAt: this.clock.now() };
      await stores.roles.create(role);
      await stores.events.append(roleCreated(role));
      for (const event of await shiftedRoleEvents(stores, standing.serverRoles, server.id, role.id)) await stores.events.append(event);
      return ok(role);
    });
  }
}

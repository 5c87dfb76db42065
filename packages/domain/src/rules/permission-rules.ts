import { ALL_PERMISSIONS, has, NO_PERMISSIONS, type Permission, type PermissionBits } from '../entities/permissions';
import type { PermissionOverwrite, Role } from '../entities/role';
import type { Id } from '../ids';

/**
 * Who someone is in a server, as permissions are computed from it: the owner or not, the
 * `@everyone` role's bits and the roles assigned to them.
 */
export interface Standing {
  readonly userId: Id;
  readonly isOwner: boolean;
  readonly everyone: PermissionBits;
  /** Their roles, `@everyone` not among them. */
  readonly roles: readonly Pick<Role, 'id' | 'position' | 'permissions'>[];
}

/** Server-wide: the owner and `ADMINISTRATOR` hold all; anyone else what `@everyone` and their roles give. */
export function serverPermissions(standing: Standing): PermissionBits {
  if (standing.isOwner) return ALL_PERMISSIONS;
  const bits = standing.roles.reduce((all, role) => all | role.permissions, standing.everyone);
  return has(bits, 'ADMINISTRATOR') ? ALL_PERMISSIONS : bits;
}

/**
 * In one channel, as Discord computes it: the server-wide bits, then the `@everyone` overwrite,
 * then the member's roles' overwrites taken together (deny, then allow), then the member's own.
 * Overwrites do not apply to those who hold every permission (the owner, `ADMINISTRATOR`).
 */
export function channelPermissions(standing: Standing, serverId: Id, overwrites: readonly PermissionOverwrite[]): PermissionBits {
  const base = serverPermissions(standing);
  if (base === ALL_PERMISSIONS) return ALL_PERMISSIONS;
  const roleIds = new Set(standing.roles.map((role) => role.id));
  const apply = (bits: PermissionBits, o: { allow: PermissionBits; deny: PermissionBits } | undefined) => (o ? (bits & ~o.deny) | o.allow : bits);
  const everyone = overwrites.find((o) => o.type === 'role' && o.id === serverId);
  const ofRoles = overwrites
    .filter((o) => o.type === 'role' && roleIds.has(o.id))
    .reduce((sum, o) => ({ allow: sum.allow | o.allow, deny: sum.deny | o.deny }), { allow: NO_PERMISSIONS, deny: NO_PERMISSIONS });
  const own = overwrites.find((o) => o.type === 'member' && o.id === standing.userId);
  return apply(apply(apply(base, everyone), ofRoles), own);
}

/** Where someone stands in the hierarchy: the owner above all, anyone else at their highest role (0: none). */
export const rankOf = (standing: Pick<Standing, 'isOwner' | 'roles'>): number =>
  standing.isOwner ? Number.POSITIVE_INFINITY : standing.roles.reduce((top, role) => Math.max(top, role.position), 0);

/** Whether someone of rank `rank` may edit, delete, assign or remove a role at `position`: only those below them. */
export const mayManageRoleAt = (rank: number, position: number): boolean => position < rank;

/** Whether bits may be granted by someone holding `held`: only permissions they hold themselves. */
export const mayGrant = (held: PermissionBits, bits: PermissionBits): boolean => (bits & ~held) === 0;

/**
 * What the two hot operations need in the channel: reading it, and sending in it. The stores check
 * them inside their one statement (`MessageRepository.pageJsonAs`, `createAs`); the domain turns
 * what is missing into the refusal (`fromGate`).
 */
export const READ_NEEDS = ['VIEW_CHANNEL'] as const satisfies readonly Permission[];
export const SEND_NEEDS = ['VIEW_CHANNEL', 'SEND_MESSAGES'] as const satisfies readonly Permission[];
/** A send that carries files (`attachmentIds`) needs `ATTACH_FILES` as well. */
export const ATTACH_NEEDS = [...SEND_NEEDS, 'ATTACH_FILES'] as const satisfies readonly Permission[];

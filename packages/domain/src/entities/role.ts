import type { Id } from '../ids';
import { bitOf, EVERYONE_DEFAULT, type PermissionBits } from './permissions';

/**
 * A named set of permissions in one server. Every server has `@everyone`, whose id is the server's
 * id, at position 0, held by every member without being assigned. Higher positions outrank lower.
 */
export interface Role {
  readonly id: Id;
  readonly serverId: Id;
  readonly name: string;
  /** An RGB colour as an integer (0xRRGGBB), or null for none. */
  readonly color: number | null;
  readonly position: number;
  readonly permissions: PermissionBits;
  readonly createdAt: Date;
}

export const EVERYONE_ROLE_NAME = '@everyone';

/** The id of a server's `@everyone` role. */
export const everyoneRoleId = (serverId: Id): Id => serverId;

export const isEveryone = (role: Pick<Role, 'id' | 'serverId'>): boolean => role.id === role.serverId;

/** A channel's overwrite for one role or one member: bits it allows and bits it denies there. */
export interface PermissionOverwrite {
  /** The role's or the member's id. */
  readonly id: Id;
  readonly type: 'role' | 'member';
  readonly allow: PermissionBits;
  readonly deny: PermissionBits;
}

/** A new server's `@everyone`: the defaults, and `CREATE_INVITE` where members may invite. */
export const everyoneRoleOf = (serverId: Id, createdAt: Date, membersCanInvite: boolean): Role => ({
  id: everyoneRoleId(serverId),
  serverId,
  name: EVERYONE_ROLE_NAME,
  color: null,
  position: 0,
  permissions: membersCanInvite ? EVERYONE_DEFAULT | bitOf('CREATE_INVITE') : EVERYONE_DEFAULT,
  createdAt,
});

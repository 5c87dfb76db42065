import type { PermissionBits } from '../entities/permissions';
import type { Role } from '../entities/role';
import type { Id } from '../ids';

/** What may change about a role in place (its position moves with `move`). */
export interface RoleChanges {
  readonly name?: string;
  readonly color?: number | null;
  readonly permissions?: PermissionBits;
}

/**
 * A server's roles and who holds them. Positions are 1..n for the roles other than `@everyone`
 * (always 0), without gaps: the writes below keep them so. Callers hold the server
 * (`ServerRepository.hold(id, 'change')`) around a write, so two writes never shift the same roles.
 */
export interface RoleRepository {
  /** The server's roles, `@everyone` first, then by position; empty for an unknown server. */
  listByServer(serverId: Id): Promise<Role[]>;
  find(serverId: Id, roleId: Id): Promise<Role | null>;
  /** How many roles the server has besides `@everyone`. */
  countByServer(serverId: Id): Promise<number>;
  /** Adds the role at its position; the roles at or above it move up one. `@everyone` goes with its server. */
  create(role: Role): Promise<void>;
  /** Changes the given fields; answers the role as it is now, or null if unknown. */
  update(serverId: Id, roleId: Id, changes: RoleChanges): Promise<Role | null>;
  /** Moves the role to `position` (1..n); the roles between its old and new place shift by one. */
  move(serverId: Id, roleId: Id, position: number): Promise<void>;
  /** Deletes the role with its assignments and channel overwrites; the roles above it move down one. */
  delete(serverId: Id, roleId: Id): Promise<'deleted' | 'absent'>;
  /** The ids of the roles assigned to a member (`@everyone` is never among them), by position. */
  roleIdsOf(serverId: Id, userId: Id): Promise<Id[]>;
  /**
   * Who holds what: every member of the server (only those of `userIds`, when given) with the ids
   * of the roles assigned to them (none for many), in no particular order.
   */
  holdings(serverId: Id, userIds?: readonly Id[]): Promise<Map<Id, Id[]>>;
  /** Assigns a role of the server to one of its members. */
  assign(serverId: Id, userId: Id, roleId: Id): Promise<'added' | 'already'>;
  unassign(serverId: Id, userId: Id, roleId: Id): Promise<'removed' | 'absent'>;
}

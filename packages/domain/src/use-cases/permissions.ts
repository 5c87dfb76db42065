import { has, type Permission, type PermissionBits } from '../entities/permissions';
import type { Role } from '../entities/role';
import type { Server } from '../entities/server';
import type { Id } from '../ids';
import type { Stores } from '../ports/stores';
import { fail, ok, type Result } from '../result';
import type { ErrorOf } from '../errors';
import { rankOf, serverPermissions, type Standing } from '../rules/permission-rules';
import { serverOfMember } from './access';

/** Someone's standing in a server, with what it amounts to there. */
export interface Ranked extends Standing {
  /** Their server-wide permissions. */
  readonly permissions: PermissionBits;
  /** Their place in the hierarchy (`rankOf`). */
  readonly rank: number;
  /** The server's roles, `@everyone` first (read once, for the use case's own checks). */
  readonly serverRoles: readonly Role[];
}

/** A member's standing in a server: `@everyone`, their roles, and whether they own it. */
export async function standingIn(stores: Pick<Stores, 'roles'>, server: Server, userId: Id): Promise<Ranked> {
  const serverRoles = await stores.roles.listByServer(server.id);
  const held = new Set(await stores.roles.roleIdsOf(server.id, userId));
  const standing: Standing = {
    userId,
    isOwner: server.ownerId === userId,
    everyone: serverRoles.find((role) => role.id === server.id)?.permissions ?? 0,
    roles: serverRoles.filter((role) => held.has(role.id)),
  };
  return { ...standing, permissions: serverPermissions(standing), rank: rankOf(standing), serverRoles };
}

/**
 * The server and the caller's standing in it, if they are a member holding `permission` server-wide
 * (a member without it is refused `MissingPermission`). `held`: the server is held for a change first
 * (`ServerRepository.hold`), so a change of roles or members that committed meanwhile is seen.
 */
export async function serverWithPermission(
  stores: Pick<Stores, 'servers' | 'members' | 'roles'>,
  serverId: Id,
  userId: Id,
  permission: Permission,
  { held = false }: { readonly held?: boolean } = {},
): Promise<Result<{ server: Server; standing: Ranked }, ErrorOf<'ServerNotFound' | 'NotAMember' | 'MissingPermission'>>> {
  const server = await serverOfMember(stores.servers, stores.members, serverId, userId, held ? 'change' : undefined);
  if (!server.ok) return server;
  const standing = await standingIn(stores, server.value, userId);
  return has(standing.permissions, permission) ? ok({ server: server.value, standing }) : fail({ kind: 'MissingPermission', permission });
}

import type { Server } from '../../entities/server';
import type { Id } from '../../ids';
import type { Stores } from '../../ports/stores';
import { rankOf } from '../../rules/permission-rules';
import type { Ranked } from '../permissions';

/**
 * Whether the caller stands above a member of the server, as kicking or banning them needs: the
 * target's highest role must be below the caller's (the owner outranks everyone; equals do not).
 */
export async function outranks(stores: Pick<Stores, 'roles'>, server: Server, caller: Ranked, targetId: Id): Promise<boolean> {
  const held = new Set(await stores.roles.roleIdsOf(server.id, targetId));
  const target = rankOf({ isOwner: server.ownerId === targetId, roles: caller.serverRoles.filter((role) => held.has(role.id)) });
  return target < caller.rank;
}

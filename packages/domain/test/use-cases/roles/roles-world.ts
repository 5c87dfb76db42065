import type { Actor, Permission, Role } from '@chat/domain';
import { expectOk } from '@chat/domain/testing';
import { aServerWithCast, type Cast } from '../../helpers';

/** A cast where `member` is a moderator: they hold `mod` (MANAGE_ROLES and `extra`), above `low`. */
export interface RolesCast extends Cast {
  readonly mod: Role;
  readonly low: Role;
  /** A second plain member, with no role. */
  readonly other: Actor;
}

export async function aServerWithModerator(extra: Permission[] = []): Promise<RolesCast> {
  const cast = await aServerWithCast();
  const { world, owner, server, member } = cast;
  const low = expectOk(await world.createRole.execute(owner, server.id, { name: 'low', permissions: ['KICK_MEMBERS'] }));
  const mod = expectOk(await world.createRole.execute(owner, server.id, { name: 'mod', permissions: ['MANAGE_ROLES', ...extra] }));
  expectOk(await world.addMemberRole.execute(owner, server.id, member.userId, mod.id));
  const other = await world.aMemberOf(server, owner);
  return { ...cast, mod, low, other };
}

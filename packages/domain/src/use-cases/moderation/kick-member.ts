import type { Actor } from '../../entities/session';
import { memberLeft } from '../../events/chat-event';
import { isId } from '../../ids';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { serverWithPermission } from '../permissions';
import { outranks } from './outranks';

/**
 * A member holding KICK_MEMBERS removes a member ranked below them (never the owner). Like a leave, it is a `member.left` (reason `kick`)
 * in the same transaction: the member's sockets get that event last, and nothing of the server
 * after it. A kicked member may come back with a new invite; a ban (`BanMember`) stops that.
 */
export class KickMember {
  static readonly errors = ['ServerNotFound', 'NotAMember', 'MissingPermission', 'CannotRemoveOwner', 'MemberNotFound', 'RoleHierarchy'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, serverId: string, userId: string): Outcome<void, typeof KickMember.errors> {
    return this.unitOfWork.run(async (stores) => {
      // Held: a transfer of the server to this very member, at the same moment, goes first or waits.
      const found = await serverWithPermission(stores, serverId, actor.userId, 'KICK_MEMBERS', { held: true });
      if (!found.ok) return found;
      const { server, standing } = found.value;
      // A server always has its owner; ownership would have to move first.
      if (userId === server.ownerId) return fail({ kind: 'CannotRemoveOwner' });
      if (!isId(userId) || !(await stores.members.find(server.id, userId))) return fail({ kind: 'MemberNotFound' });
      if (!(await outranks(stores, server, standing, userId))) return fail({ kind: 'RoleHierarchy' });
      if ((await stores.members.remove(server.id, userId)) === 'absent') return fail({ kind: 'MemberNotFound' });
      await stores.events.append(memberLeft(server.id, userId, 'kick'));
      return ok(undefined);
    });
  }
}

import type { Actor } from '../../entities/session';
import { memberLeft } from '../../events/chat-event';
import { isId } from '../../ids';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { serverOfOwner } from '../access';

/**
 * The owner removes a member from their server. Like a leave, it is a `member.left` (reason `kick`)
 * in the same transaction: the member's sockets get that event last, and nothing of the server
 * after it. A kicked member may come back with a new invite; a ban (`BanMember`) stops that.
 */
export class KickMember {
  static readonly errors = ['ServerNotFound', 'NotAMember', 'NotTheOwner', 'CannotRemoveOwner', 'MemberNotFound'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, serverId: string, userId: string): Outcome<void, typeof KickMember.errors> {
    return this.unitOfWork.run(async (stores) => {
      // Held: a transfer of the server to this very member, at the same moment, goes first or waits.
      const server = await serverOfOwner(stores, serverId, actor.userId, { held: true });
      if (!server.ok) return server;
      // A server always has its owner; ownership would have to move first.
      if (userId === actor.userId) return fail({ kind: 'CannotRemoveOwner' });
      if (!isId(userId) || (await stores.members.remove(server.value.id, userId)) === 'absent') return fail({ kind: 'MemberNotFound' });
      await stores.events.append(memberLeft(server.value.id, userId, 'kick'));
      return ok(undefined);
    });
  }
}

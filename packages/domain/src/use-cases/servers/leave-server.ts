import type { Actor } from '../../entities/session';
import { memberLeft } from '../../events/chat-event';
import { isId } from '../../ids';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';

export class LeaveServer {
  static readonly errors = ['ServerNotFound', 'OwnerCannotLeave', 'MembershipNotFound'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, serverId: string): Outcome<void, typeof LeaveServer.errors> {
    if (!isId(serverId)) return fail({ kind: 'ServerNotFound' });
    return this.unitOfWork.run(async (stores) => {
      // Held: a transfer to the leaver at the same moment goes first (and then they cannot leave) or fails.
      const server = await stores.servers.hold(serverId, 'change');
      if (!server) return fail({ kind: 'ServerNotFound' });
      // A server always has its owner; ownership would have to move first.
      if (server.ownerId === actor.userId) return fail({ kind: 'OwnerCannotLeave' });
      const outcome = await stores.members.remove(server.id, actor.userId);
      if (outcome === 'absent') return fail({ kind: 'MembershipNotFound' });
      await stores.events.append(memberLeft(server.id, actor.userId, 'leave'));
      return ok(undefined);
    });
  }
}

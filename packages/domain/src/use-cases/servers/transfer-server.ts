import { DEFAULT_QUOTAS, type Quotas } from '../../entities/quotas';
import { quotaRefusal } from '../../rules/quota-rules';
import type { Server } from '../../entities/server';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import { serverUpdated } from '../../events/chat-event';
import { isId } from '../../ids';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { serverOfOwner } from '../access';
import { SightWatch } from '../channel-sight';

/**
 * The owner hands the server to another member (a person, not a bot), who then owns it; the former
 * owner stays a member. Members get `server.updated` with the new `ownerId`. Held against a
 * concurrent kick, leave or ban of the new owner: either the transfer finds them gone (404), or the
 * kick, now by someone who no longer owns the server, is refused. The heir must have room under
 * the servers-owned quota.
 */
export class TransferServer {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember', 'NotTheOwner', 'MemberNotFound', 'BotsCannotDoThis', 'QuotaExceeded'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly quotas: Quotas = DEFAULT_QUOTAS,
  ) {}

  async execute(actor: Actor, serverId: string, input: { readonly userId: string }): Outcome<Server, typeof TransferServer.errors> {
    return this.unitOfWork.run(async (stores) => {
      const server = await serverOfOwner(stores, serverId, actor.userId, { held: true });
      if (!server.ok) return server;
      const { userId } = input;
      if (userId === actor.userId) return fail(validationFailed([{ path: 'userId', message: 'is already the owner' }]));
      if (!isId(userId) || !(await stores.members.find(server.value.id, userId))) return fail({ kind: 'MemberNotFound' });
      // Held as a creation holds its owner: the heir's servers are counted one unit at a time.
      if ((await stores.users.hold(userId))?.bot !== false) return fail({ kind: 'BotsCannotDoThis' });
      const full = quotaRefusal(this.quotas, 'serversOwned', await stores.servers.countOwnedBy(userId));
      if (full) return fail(full);
      // The heir sees every channel from now on; the former owner only what their roles let them.
      const sight = await SightWatch.before(stores, server.value, { userIds: [actor.userId, userId] });
      const updated = await stores.servers.setOwner(server.value.id, userId);
      if (!updated) return fail({ kind: 'ServerNotFound' });
      await sight.append(stores, [serverUpdated(updated)], updated);
      return ok(updated);
    });
  }
}

import type { Actor } from '../../entities/session';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { INVITE_CODE } from './join-by-invite';
import { standingIn } from '../permissions';
import { has } from '../../entities/permissions';

/**
 * Revokes an invite (its creator, or a member holding MANAGE_SERVER): joining with it is then a 404. To anyone
 * outside the server the code names nothing, as it does when joining.
 */
export class RevokeInvite {
  static readonly errors = ['InviteNotFound', 'MissingPermission'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, code: string): Outcome<void, typeof RevokeInvite.errors> {
    if (!INVITE_CODE.test(code)) return fail({ kind: 'InviteNotFound' });
    return this.unitOfWork.run(async (stores) => {
      const invite = await stores.invites.findByCode(code);
      const server = invite ? await stores.servers.findById(invite.serverId) : null;
      if (!invite || !server || !(await stores.members.find(server.id, actor.userId))) return fail({ kind: 'InviteNotFound' });
      if (invite.creatorId !== actor.userId && !has((await standingIn(stores, server, actor.userId)).permissions, 'MANAGE_SERVER')) {
        return fail({ kind: 'MissingPermission', permission: 'MANAGE_SERVER' });
      }
      await stores.invites.delete(code);
      return ok(undefined);
    });
  }
}

import type { Invite } from '../../entities/invite';
import type { Actor } from '../../entities/session';
import type { Clock } from '../../ports/clock';
import type { Stores } from '../../ports/stores';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { INVITE_CODE } from './join-by-invite';
import { serverOfMember } from '../access';

/** A server's live invites: all of them for its owner, a member's own for anyone else. */
export class ListInvites {
  static readonly errors = ['ServerNotFound', 'NotAMember'] as const;

  constructor(
    private readonly stores: Pick<Stores, 'servers' | 'members' | 'invites'>,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, serverId: string): Outcome<Invite[], typeof ListInvites.errors> {
    const { servers, members, invites } = this.stores;
    const server = await serverOfMember(servers, members, serverId, actor.userId);
    if (!server.ok) return server;
    const mine = server.value.ownerId === actor.userId ? undefined : actor.userId;
    return ok(await invites.listLive(server.value.id, this.clock.now(), mine));
  }
}

/**
 * Revokes an invite (its creator or the server's owner): joining with it is then a 404. To anyone
 * outside the server the code names nothing, as it does when joining.
 */
export class RevokeInvite {
  static readonly errors = ['InviteNotFound', 'NotTheCreator'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, code: string): Outcome<void, typeof RevokeInvite.errors> {
    if (!INVITE_CODE.test(code)) return fail({ kind: 'InviteNotFound' });
    return this.unitOfWork.run(async (stores) => {
      const invite = await stores.invites.findByCode(code);
      const server = invite ? await stores.servers.findById(invite.serverId) : null;
      if (!invite || !server || !(await stores.members.find(server.id, actor.userId))) return fail({ kind: 'InviteNotFound' });
      if (invite.creatorId !== actor.userId && server.ownerId !== actor.userId) return fail({ kind: 'NotTheCreator' });
      await stores.invites.delete(code);
      return ok(undefined);
    });
  }
}

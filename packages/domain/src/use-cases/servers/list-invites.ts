import type { Invite } from '../../entities/invite';
import type { Actor } from '../../entities/session';
import type { Clock } from '../../ports/clock';
import type { Stores } from '../../ports/stores';
import { ok, type Outcome } from '../../result';
import { serverOfMember } from '../access';
import { standingIn } from '../permissions';
import { has } from '../../entities/permissions';

/** A server's live invites: all of them for those holding MANAGE_SERVER, a member's own for anyone else. */
export class ListInvites {
  static readonly errors = ['ServerNotFound', 'NotAMember'] as const;

  constructor(
    private readonly stores: Pick<Stores, 'servers' | 'members' | 'roles' | 'invites'>,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, serverId: string): Outcome<Invite[], typeof ListInvites.errors> {
    const { servers, members, invites } = this.stores;
    const server = await serverOfMember(servers, members, serverId, actor.userId);
    if (!server.ok) return server;
    const mine = has((await standingIn(this.stores, server.value, actor.userId)).permissions, 'MANAGE_SERVER') ? undefined : actor.userId;
    return ok(await invites.listLive(server.value.id, this.clock.now(), mine));
  }
}

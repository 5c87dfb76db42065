import type { Server } from '../entities/server';
import type { Actor } from '../entities/session';
import type { Clock } from '../ports/clock';
import type { InviteRepository } from '../ports/invite-repository';
import type { MemberRepository } from '../ports/member-repository';
import type { ServerRepository } from '../ports/server-repository';
import { fail, ok, type Result } from '../result';

/** The shape of every code we hand out; anything else names no invite. */
const INVITE_CODE = /^[A-Za-z0-9_-]{1,64}$/;

export class JoinByInvite {
  constructor(
    private readonly invites: InviteRepository,
    private readonly servers: ServerRepository,
    private readonly members: MemberRepository,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, code: string): Promise<Result<Server>> {
    const invite = INVITE_CODE.test(code) ? await this.invites.findByCode(code) : null;
    const server = invite ? await this.servers.findById(invite.serverId) : null;
    if (!server) return fail({ kind: 'InviteNotFound' });
    // Joining twice keeps the first membership and its join time.
    await this.members.add({ serverId: server.id, userId: actor.userId, joinedAt: this.clock.now() });
    return ok(server);
  }
}

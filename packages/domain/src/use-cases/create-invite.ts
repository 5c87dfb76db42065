import type { Invite } from '../entities/invite';
import type { Actor } from '../entities/session';
import type { Clock } from '../ports/clock';
import type { InviteCodeGenerator } from '../ports/invite-code-generator';
import type { InviteRepository } from '../ports/invite-repository';
import type { MemberRepository } from '../ports/member-repository';
import type { ServerRepository } from '../ports/server-repository';
import { ok, type Outcome } from '../result';
import { serverOfMember } from './access';

export class CreateInvite {
  static readonly errors = ['ServerNotFound', 'NotAMember'] as const;

  constructor(
    private readonly servers: ServerRepository,
    private readonly members: MemberRepository,
    private readonly invites: InviteRepository,
    private readonly codes: InviteCodeGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, serverId: string): Outcome<Invite, typeof CreateInvite.errors> {
    const server = await serverOfMember(this.servers, this.members, serverId, actor.userId);
    if (!server.ok) return server;
    const invite = { code: this.codes.next(), serverId: server.value.id, creatorId: actor.userId, createdAt: this.clock.now() };
    await this.invites.create(invite);
    return ok(invite);
  }
}

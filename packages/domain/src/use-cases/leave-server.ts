import type { Actor } from '../entities/session';
import { isId } from '../ids';
import type { MemberRepository } from '../ports/member-repository';
import type { ServerRepository } from '../ports/server-repository';
import { fail, ok, type Result } from '../result';

export class LeaveServer {
  constructor(
    private readonly servers: ServerRepository,
    private readonly members: MemberRepository,
  ) {}

  async execute(actor: Actor, serverId: string): Promise<Result<void>> {
    const server = isId(serverId) ? await this.servers.findById(serverId) : null;
    if (!server) return fail({ kind: 'ServerNotFound' });
    // A server always has its owner; ownership would have to move first.
    if (server.ownerId === actor.userId) return fail({ kind: 'OwnerCannotLeave' });
    const outcome = await this.members.remove(server.id, actor.userId);
    if (outcome === 'absent') return fail({ kind: 'MembershipNotFound' });
    return ok(undefined);
  }
}

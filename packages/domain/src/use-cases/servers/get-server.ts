import type { Server } from '../../entities/server';
import type { Actor } from '../../entities/session';
import type { MemberRepository } from '../../ports/member-repository';
import type { ServerRepository } from '../../ports/server-repository';
import type { Outcome } from '../../result';
import { serverOfMember } from '../access';

export class GetServer {
  static readonly errors = ['ServerNotFound', 'NotAMember'] as const;

  constructor(
    private readonly servers: ServerRepository,
    private readonly members: MemberRepository,
  ) {}

  execute(actor: Actor, serverId: string): Outcome<Server, typeof GetServer.errors> {
    return serverOfMember(this.servers, this.members, serverId, actor.userId);
  }
}

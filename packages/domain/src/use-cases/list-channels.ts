import type { Channel } from '../entities/channel';
import type { Actor } from '../entities/session';
import type { ChannelRepository } from '../ports/channel-repository';
import type { MemberRepository } from '../ports/member-repository';
import type { ServerRepository } from '../ports/server-repository';
import { ok, type Outcome } from '../result';
import { serverOfMember } from './access';

export class ListChannels {
  static readonly errors = ['ServerNotFound', 'NotAMember'] as const;

  constructor(
    private readonly servers: ServerRepository,
    private readonly members: MemberRepository,
    private readonly channels: ChannelRepository,
  ) {}

  async execute(actor: Actor, serverId: string): Outcome<Channel[], typeof ListChannels.errors> {
    const server = await serverOfMember(this.servers, this.members, serverId, actor.userId);
    if (!server.ok) return server;
    return ok(await this.channels.listByServer(server.value.id));
  }
}

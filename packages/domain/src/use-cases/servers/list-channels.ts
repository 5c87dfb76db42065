import type { Channel } from '../../entities/channel';
import type { Actor } from '../../entities/session';
import type { ChannelRepository } from '../../ports/channel-repository';
import type { MemberRepository } from '../../ports/member-repository';
import type { ServerRepository } from '../../ports/server-repository';
import { validationFailed } from '../../errors';
import { fail, ok, type Outcome } from '../../result';
import { CHANNEL_PAGE_LIMIT, idPageOf, type PageInput } from '../../rules/message-rules';
import { serverOfMember } from '../access';

export class ListChannels {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember'] as const;

  constructor(
    private readonly servers: ServerRepository,
    private readonly members: MemberRepository,
    private readonly channels: ChannelRepository,
  ) {}

  /** `limit` 1-500 (default 500) channels after the id `after`, oldest first. */
  async execute(actor: Actor, serverId: string, input: PageInput = {}): Outcome<Channel[], typeof ListChannels.errors> {
    const page = idPageOf(input, CHANNEL_PAGE_LIMIT);
    if (Array.isArray(page)) return fail(validationFailed(page));
    const server = await serverOfMember(this.servers, this.members, serverId, actor.userId);
    if (!server.ok) return server;
    return ok(await this.channels.listByServer(server.value.id, page));
  }
}

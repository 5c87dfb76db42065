import type { Channel } from '../entities/channel';
import type { Actor } from '../entities/session';
import { validationFailed } from '../errors';
import type { ChannelRepository } from '../ports/channel-repository';
import type { Clock } from '../ports/clock';
import type { IdGenerator } from '../ports/id-generator';
import type { MemberRepository } from '../ports/member-repository';
import type { ServerRepository } from '../ports/server-repository';
import { fail, ok, type Result } from '../result';
import { channelNameIssues } from '../rules/name-rules';
import { serverOfMember } from './access';

export class CreateChannel {
  constructor(
    private readonly servers: ServerRepository,
    private readonly members: MemberRepository,
    private readonly channels: ChannelRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, serverId: string, input: { readonly name: string }): Promise<Result<Channel>> {
    const issues = channelNameIssues(input.name);
    if (issues.length > 0) return fail(validationFailed(issues));
    const server = await serverOfMember(this.servers, this.members, serverId, actor.userId);
    if (!server.ok) return server;
    if (server.value.ownerId !== actor.userId) return fail({ kind: 'NotTheOwner' });

    const channel = { id: this.ids.next(), serverId: server.value.id, name: input.name.trim(), createdAt: this.clock.now() };
    await this.channels.create(channel);
    return ok(channel);
  }
}

import type { Channel } from '../entities/channel';
import type { Actor } from '../entities/session';
import { validationFailed } from '../errors';
import { channelCreated } from '../events/chat-event';
import type { Clock } from '../ports/clock';
import type { IdGenerator } from '../ports/id-generator';
import type { UnitOfWork } from '../ports/unit-of-work';
import { fail, ok, type Outcome } from '../result';
import { channelNameIssues } from '../rules/name-rules';
import { serverOfMember } from './access';

export class CreateChannel {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember', 'NotTheOwner'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, serverId: string, input: { readonly name: string }): Outcome<Channel, typeof CreateChannel.errors> {
    const issues = channelNameIssues(input.name);
    if (issues.length > 0) return fail(validationFailed(issues));
    return this.unitOfWork.run(async (stores) => {
      const server = await serverOfMember(stores.servers, stores.members, serverId, actor.userId);
      if (!server.ok) return server;
      if (server.value.ownerId !== actor.userId) return fail({ kind: 'NotTheOwner' });

      const channel = { id: this.ids.next(), serverId: server.value.id, name: input.name.trim(), createdAt: this.clock.now() };
      await stores.channels.create(channel);
      await stores.events.append(channelCreated(channel));
      return ok(channel);
    });
  }
}

import type { Channel } from '../../entities/channel';
import { DEFAULT_QUOTAS, type Quotas } from '../../entities/quotas';
import { quotaRefusal } from '../../rules/quota-rules';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import { channelCreated } from '../../events/chat-event';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { channelNameIssues } from '../../rules/name-rules';
import { serverOfOwner } from '../access';

export class CreateChannel {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember', 'NotTheOwner', 'QuotaExceeded'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly quotas: Quotas = DEFAULT_QUOTAS,
  ) {}

  async execute(actor: Actor, serverId: string, input: { readonly name: string }): Outcome<Channel, typeof CreateChannel.errors> {
    const issues = channelNameIssues(input.name);
    if (issues.length > 0) return fail(validationFailed(issues));
    return this.unitOfWork.run(async (stores) => {
      // Held: racing creations in one server count one at a time.
      const server = await serverOfOwner(stores, serverId, actor.userId, { held: true });
      if (!server.ok) return server;
      const full = quotaRefusal(this.quotas, 'channelsPerServer', await stores.channels.countByServer(server.value.id));
      if (full) return fail(full);

      const channel = { id: this.ids.next(), serverId: server.value.id, name: input.name.trim(), createdAt: this.clock.now() };
      await stores.channels.create(channel);
      await stores.events.append(channelCreated(channel));
      return ok(channel);
    });
  }
}

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
import { hideUnseen } from '../channel-sight';
import { serverWithPermission } from '../permissions';

/** A member with MANAGE_CHANNELS adds a channel, listed last; the server's members get `channel.created`. */
export class CreateChannel {
  static readonly errors = ['ValidationFailed', 'ServerNotFound', 'NotAMember', 'MissingPermission', 'QuotaExceeded'] as const;

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
      // Held: racing creations in one server count one at a time (and so take different positions).
      const found = await serverWithPermission(stores, serverId, actor.userId, 'MANAGE_CHANNELS', { held: true });
      if (!found.ok) return found;
      const { server } = found.value;
      const count = await stores.channels.countByServer(server.id);
      const full = quotaRefusal(this.quotas, 'channelsPerServer', count);
      if (full) return fail(full);

      const channel: Channel = { id: this.ids.next(), serverId: server.id, name: input.name.trim(), topic: null, position: count, permissionOverwrites: [], createdAt: this.clock.now() };
      await stores.channels.create(channel);
      // Members without VIEW_CHANNEL server-wide do not see it: they are kept out before it is announced.
      await hideUnseen(stores, server, { channelIds: [channel.id] });
      await stores.events.append(channelCreated(channel));
      return ok(channel);
    });
  }
}

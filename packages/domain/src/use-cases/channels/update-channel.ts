import type { Channel } from '../../entities/channel';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import { channelUpdated } from '../../events/chat-event';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { channelChangeIssues, type ChannelChanges } from '../../rules/channel-rules';
import { channelWithPermission } from './managed-channel';

/** A member with MANAGE_CHANNELS renames a channel, sets its topic or moves it; the server's members get `channel.updated`. */
export class UpdateChannel {
  static readonly errors = ['ValidationFailed', 'ChannelNotFound', 'NotAMember', 'MissingPermission'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string, changes: ChannelChanges): Outcome<Channel, typeof UpdateChannel.errors> {
    const issues = channelChangeIssues(changes);
    if (issues.length > 0) return fail(validationFailed(issues));
    return this.unitOfWork.run(async (stores) => {
      const found = await channelWithPermission(stores, channelId, actor.userId, 'MANAGE_CHANNELS');
      if (!found.ok) return found;
      const { name, topic, position } = changes;
      const updated = await stores.channels.update(found.value.channel.id, { name: name?.trim(), topic, position });
      if (!updated) return fail({ kind: 'ChannelNotFound' });
      await stores.events.append(channelUpdated(updated));
      return ok(updated);
    });
  }
}

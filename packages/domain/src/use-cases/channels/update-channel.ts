import type { Channel } from '../../entities/channel';
import type { ConversationView } from '../../entities/conversation';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import { channelUpdated } from '../../events/chat-event';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { channelChangeIssues, type ChannelChanges } from '../../rules/channel-rules';
import { conversationOfRecipient } from '../conversations/conversation-access';
import { renameGroup } from '../conversations/rename-group';
import { channelWithPermission } from './managed-channel';

/** A server channel's changes, or a group's (whose name may be null: none). */
export type GroupOrChannelChanges = Omit<ChannelChanges, 'name'> & { readonly name?: string | null };

/**
 * A member with MANAGE_CHANNELS renames a channel, sets its topic or moves it; the server's members
 * get `channel.updated`. A group conversation is renamed by any of its recipients (`renameGroup`).
 */
export class UpdateChannel {
  static readonly errors = ['ValidationFailed', 'ChannelNotFound', 'NotAMember', 'NotARecipient', 'NotAGroup', 'MissingPermission'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string, changes: GroupOrChannelChanges): Outcome<Channel | ConversationView, typeof UpdateChannel.errors> {
    return this.unitOfWork.run(async (stores): Outcome<Channel | ConversationView, typeof UpdateChannel.errors> => {
      const group = await conversationOfRecipient(stores, channelId, actor.userId, { held: true });
      if (group.ok) return renameGroup(stores, group.value, changes);
      if (group.error.kind === 'NotARecipient') return group;
      if (changes.name === null) return fail(validationFailed([{ path: 'name', message: "must be a string: only a group's name may be null" }]));
      const issues = channelChangeIssues({ ...changes, name: changes.name });
      if (issues.length > 0) return fail(validationFailed(issues));
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

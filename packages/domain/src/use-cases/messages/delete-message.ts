import { has } from '../../entities/permissions';
import type { Actor } from '../../entities/session';
import { messageDeleted } from '../../events/chat-event';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { messageOfMember } from '../channel-access';

export class DeleteMessage {
  static readonly errors = ['ChannelNotFound', 'NotAMember', 'NotARecipient', 'MissingPermission', 'MessageNotFound'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string, messageId: string): Outcome<void, typeof DeleteMessage.errors> {
    return this.unitOfWork.run(async (stores) => {
      const found = await messageOfMember(stores, channelId, messageId, actor.userId);
      if (!found.ok) return found;
      const { channel, message, permissions } = found.value;
      // Moderation: anyone's message goes with MANAGE_MESSAGES in its channel (the owner holds it).
      if (message.authorId !== actor.userId && !has(permissions, 'MANAGE_MESSAGES')) return fail({ kind: 'MissingPermission', permission: 'MANAGE_MESSAGES' });
      // Of two deletes at once, one finds it gone: deleted all the same, told once.
      if ((await stores.messages.delete(message.id)) === 'deleted') {
        await stores.events.append(messageDeleted(channel.serverId, channel.id, message.id));
      }
      return ok(undefined);
    });
  }
}

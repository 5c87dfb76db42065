import type { Actor } from '../../entities/session';
import { messageDeleted } from '../../events/chat-event';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { messageOfMember } from '../access';

export class DeleteMessage {
  static readonly errors = ['ChannelNotFound', 'NotAMember', 'MessageNotFound', 'NotTheAuthor'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string, messageId: string): Outcome<void, typeof DeleteMessage.errors> {
    return this.unitOfWork.run(async (stores) => {
      const found = await messageOfMember(stores, channelId, messageId, actor.userId);
      if (!found.ok) return found;
      const { channel, message } = found.value;
      if (message.authorId !== actor.userId) {
        // Moderation: the server owner may remove anyone's message.
        const server = await stores.servers.findById(channel.serverId);
        if (server?.ownerId !== actor.userId) return fail({ kind: 'NotTheAuthor' });
      }
      // Of two deletes at once, one finds it gone: deleted all the same, told once.
      if ((await stores.messages.delete(message.id)) === 'deleted') {
        await stores.events.append(messageDeleted(channel.serverId, channel.id, message.id));
      }
      return ok(undefined);
    });
  }
}

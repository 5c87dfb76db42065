import type { Actor } from '../entities/session';
import type { ChannelRepository } from '../ports/channel-repository';
import type { MessageRepository } from '../ports/message-repository';
import type { ServerRepository } from '../ports/server-repository';
import { fail, ok, type Result } from '../result';
import { messageOfMember } from './access';

export class DeleteMessage {
  constructor(
    private readonly servers: ServerRepository,
    readonly channels: ChannelRepository,
    readonly messages: MessageRepository,
  ) {}

  async execute(actor: Actor, channelId: string, messageId: string): Promise<Result<void>> {
    const found = await messageOfMember(this, channelId, messageId, actor.userId);
    if (!found.ok) return found;
    const { channel, message } = found.value;
    if (message.authorId !== actor.userId) {
      // Moderation: the server owner may remove anyone's message.
      const server = await this.servers.findById(channel.serverId);
      if (server?.ownerId !== actor.userId) return fail({ kind: 'NotTheAuthor' });
    }
    await this.messages.delete(message.id);
    return ok(undefined);
  }
}

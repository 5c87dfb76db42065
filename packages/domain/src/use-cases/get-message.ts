import type { MessageView } from '../entities/message';
import type { Actor } from '../entities/session';
import type { ChannelRepository } from '../ports/channel-repository';
import type { MessageRepository } from '../ports/message-repository';
import { fail, ok, type Result } from '../result';
import { messageOfMember } from './access';

export class GetMessage {
  constructor(
    readonly channels: ChannelRepository,
    readonly messages: MessageRepository,
  ) {}

  async execute(actor: Actor, channelId: string, messageId: string): Promise<Result<MessageView>> {
    const found = await messageOfMember(this, channelId, messageId, actor.userId);
    if (!found.ok) return found;
    const { message } = found.value;
    const view = await this.messages.view(message.id, actor.userId);
    return view ? ok(view) : fail({ kind: 'MessageNotFound' });
  }
}

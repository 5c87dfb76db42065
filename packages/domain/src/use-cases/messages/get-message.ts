import type { MessageView } from '../../entities/message';
import type { Actor } from '../../entities/session';
import type { ChannelRepository } from '../../ports/channel-repository';
import type { MessageRepository } from '../../ports/message-repository';
import { fail, ok, type Outcome } from '../../result';
import { messageOfMember } from '../access';

export class GetMessage {
  static readonly errors = ['ChannelNotFound', 'NotAMember', 'MessageNotFound'] as const;

  constructor(
    readonly channels: ChannelRepository,
    readonly messages: MessageRepository,
  ) {}

  async execute(actor: Actor, channelId: string, messageId: string): Outcome<MessageView, typeof GetMessage.errors> {
    const found = await messageOfMember(this, channelId, messageId, actor.userId);
    if (!found.ok) return found;
    const { message } = found.value;
    const view = await this.messages.view(message.id, actor.userId);
    return view ? ok(view) : fail({ kind: 'MessageNotFound' });
  }
}

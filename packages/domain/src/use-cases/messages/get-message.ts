import type { MessageView } from '../../entities/message';
import type { Actor } from '../../entities/session';
import type { Stores } from '../../ports/stores';
import { fail, ok, type Outcome } from '../../result';
import { messageOfMember } from '../channel-access';

export class GetMessage {
  static readonly errors = ['ChannelNotFound', 'NotAMember', 'NotARecipient', 'MissingPermission', 'MessageNotFound'] as const;

  constructor(private readonly stores: Pick<Stores, 'channels' | 'servers' | 'roles' | 'messages' | 'conversations' | 'users'>) {}

  async execute(actor: Actor, channelId: string, messageId: string): Outcome<MessageView, typeof GetMessage.errors> {
    const found = await messageOfMember(this.stores, channelId, messageId, actor.userId);
    if (!found.ok) return found;
    const { message } = found.value;
    const view = await this.stores.messages.view(message.id, actor.userId);
    return view ? ok(view) : fail({ kind: 'MessageNotFound' });
  }
}

import type { Actor } from '../../entities/session';
import { messagePinChanged } from '../../events/chat-event';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { ok, type Outcome } from '../../result';
import { onPinTarget } from './pin-target';

/** Unpins a message, by whoever may pin it; one that is not pinned stays so, harmlessly and silently (204, no event). */
export class UnpinMessage {
  static readonly errors = ['ChannelNotFound', 'NotAMember', 'NotARecipient', 'MissingPermission', 'MessageNotFound'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string, messageId: string): Outcome<void, typeof UnpinMessage.errors> {
    return onPinTarget(this.unitOfWork, actor, { channelId, messageId }, async (stores, { channel, message }) => {
      if ((await stores.messages.unpin(channel.id, message.id)) === 'unpinned') {
        await stores.events.append(messagePinChanged('message.unpinned', channel.serverId, channel.id, message.id, actor.userId));
      }
      return ok(undefined);
    });
  }
}

import { MAX_PINS } from '../../entities/message';
import type { Actor } from '../../entities/session';
import { messagePinChanged } from '../../events/chat-event';
import type { Clock } from '../../ports/clock';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { onPinTarget } from './pin-target';

/**
 * Pins a message of the channel (MANAGE_MESSAGES there, or any recipient of a direct conversation):
 * at most `MAX_PINS` a channel. Pinning it again changes nothing and tells nobody.
 */
export class PinMessage {
  static readonly errors = ['ChannelNotFound', 'NotAMember', 'NotARecipient', 'MissingPermission', 'MessageNotFound', 'TooManyPins'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, channelId: string, messageId: string): Outcome<void, typeof PinMessage.errors> {
    return onPinTarget(this.unitOfWork, actor, { channelId, messageId }, async (stores, { channel, message }): Outcome<void, typeof PinMessage.errors> => {
      const outcome = await stores.messages.pin(channel.id, message.id, this.clock.now(), MAX_PINS);
      if (outcome === 'TooManyPins') return fail({ kind: 'TooManyPins', max: MAX_PINS });
      if (outcome === 'MessageNotFound') return fail({ kind: 'MessageNotFound' });
      if (outcome === 'pinned') await stores.events.append(messagePinChanged('message.pinned', channel.serverId, channel.id, message.id, actor.userId));
      return ok(undefined);
    });
  }
}

import type { Actor } from '../../entities/session';
import { reactionCleared } from '../../events/chat-event';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { onReactionTarget } from '../access';

/** The server's owner takes every reaction of one emoji off a message: one `reaction.cleared` event. */
export class ClearReaction {
  static readonly errors = ['ValidationFailed', 'ChannelNotFound', 'NotAMember', 'MessageNotFound', 'NotTheOwner'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string, messageId: string, emoji: string): Outcome<void, typeof ClearReaction.errors> {
    return onReactionTarget(this.unitOfWork, actor, { channelId, messageId, emoji }, async (stores, { channel, message }) => {
      if ((await stores.servers.findById(channel.serverId))?.ownerId !== actor.userId) return fail({ kind: 'NotTheOwner' });
      // Clearing an emoji nobody used is harmless, and tells nobody.
      if ((await stores.messages.clearReaction(message.id, emoji)) > 0) {
        await stores.events.append(reactionCleared(channel.serverId, channel.id, message.id, emoji));
      }
      return ok(undefined);
    });
  }
}

import { has } from '../../entities/permissions';
import type { Actor } from '../../entities/session';
import { reactionCleared } from '../../events/chat-event';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { onReactionTarget } from '../channel-access';

/** A moderator (MANAGE_MESSAGES in the channel) takes every reaction of one emoji off a message: one `reaction.cleared` event. */
export class ClearReaction {
  static readonly errors = ['ValidationFailed', 'ChannelNotFound', 'NotAMember', 'NotARecipient', 'MessageNotFound', 'MissingPermission'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string, messageId: string, emoji: string): Outcome<void, typeof ClearReaction.errors> {
    return onReactionTarget(this.unitOfWork, actor, { channelId, messageId, emoji }, async (stores, { channel, message, permissions }) => {
      if (!has(permissions, 'MANAGE_MESSAGES')) return fail({ kind: 'MissingPermission', permission: 'MANAGE_MESSAGES' });
      // Clearing an emoji nobody used is harmless, and tells nobody.
      if ((await stores.messages.clearReaction(message.channelId, message.id, emoji)) > 0) {
        await stores.events.append(reactionCleared(channel.serverId, channel.id, message.id, emoji));
      }
      return ok(undefined);
    });
  }
}

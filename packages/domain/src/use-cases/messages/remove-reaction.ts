import type { ReactionState } from '../../entities/message';
import type { Actor } from '../../entities/session';
import { reactionChanged } from '../../events/chat-event';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { ok, type Outcome } from '../../result';
import { onReactionTarget } from '../channel-access';

/** Removes the caller's own reaction; removing one that is not there is harmless. */
export class RemoveReaction {
  static readonly errors = ['ValidationFailed', 'ChannelNotFound', 'NotAMember', 'NotARecipient', 'MissingPermission', 'MessageNotFound'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string, messageId: string, emoji: string): Outcome<ReactionState, typeof RemoveReaction.errors> {
    return onReactionTarget(this.unitOfWork, actor, { channelId, messageId, emoji }, async (stores, { channel, message }) => {
      const outcome = await stores.messages.removeReaction(message.channelId, message.id, actor.userId, emoji);
      const state = await stores.messages.reactionState(message.channelId, message.id, emoji, actor.userId);
      if (outcome === 'removed') await stores.events.append(reactionChanged('reaction.removed', channel.serverId, channel.id, actor.userId, state));
      return ok(state);
    });
  }
}

import { MAX_DISTINCT_REACTIONS, MAX_REACTIONS_PER_MESSAGE, type ReactionState } from '../../entities/message';
import { has } from '../../entities/permissions';
import type { Actor } from '../../entities/session';
import { reactionChanged } from '../../events/chat-event';
import type { Clock } from '../../ports/clock';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { onReactionTarget } from '../channel-access';

/**
 * Reacts to a message. A new emoji on it needs ADD_REACTIONS in the channel; joining a reaction
 * already there needs only to see the channel, as on Discord.
 */
export class AddReaction {
  static readonly errors = ['ValidationFailed', 'ChannelNotFound', 'NotAMember', 'NotARecipient', 'MissingPermission', 'MessageNotFound', 'TooManyReactions', 'TooManyReactionsInAll'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, channelId: string, messageId: string, emoji: string): Outcome<ReactionState, typeof AddReaction.errors> {
    return onReactionTarget(this.unitOfWork, actor, { channelId, messageId, emoji }, async (stores, { channel, message, permissions }): Outcome<ReactionState, typeof AddReaction.errors> => {
      if (!has(permissions, 'ADD_REACTIONS') && (await stores.messages.reactionState(message.channelId, message.id, emoji, actor.userId)).count === 0) {
        return fail({ kind: 'MissingPermission', permission: 'ADD_REACTIONS' });
      }
      const reaction = { channelId: message.channelId, messageId: message.id, userId: actor.userId, emoji, createdAt: this.clock.now() };
      const outcome = await stores.messages.addReaction(reaction, { distinctEmoji: MAX_DISTINCT_REACTIONS, total: MAX_REACTIONS_PER_MESSAGE });
      if (outcome === 'TooManyReactions') return fail({ kind: 'TooManyReactions', max: MAX_DISTINCT_REACTIONS });
      if (outcome === 'TooManyReactionsInAll') return fail({ kind: 'TooManyReactionsInAll', max: MAX_REACTIONS_PER_MESSAGE });
      if (outcome === 'MessageNotFound') return fail({ kind: 'MessageNotFound' });
      const state = await stores.messages.reactionState(message.channelId, message.id, emoji, actor.userId);
      // Reacting twice changes nothing, so nobody is told.
      if (outcome === 'added') await stores.events.append(reactionChanged('reaction.added', channel.serverId, channel.id, actor.userId, state));
      return ok(state);
    });
  }
}

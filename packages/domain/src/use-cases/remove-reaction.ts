import type { ReactionState } from '../entities/message';
import type { Actor } from '../entities/session';
import { validationFailed } from '../errors';
import { reactionChanged } from '../events/chat-event';
import type { UnitOfWork } from '../ports/unit-of-work';
import { fail, ok, type Outcome } from '../result';
import { emojiIssues } from '../rules/emoji-rules';
import { messageOfMember } from './access';

/** Removes the caller's own reaction; removing one that is not there is harmless. */
export class RemoveReaction {
  static readonly errors = ['ValidationFailed', 'ChannelNotFound', 'NotAMember', 'MessageNotFound'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string, messageId: string, emoji: string): Outcome<ReactionState, typeof RemoveReaction.errors> {
    const issues = emojiIssues(emoji);
    if (issues.length > 0) return fail(validationFailed(issues));
    return this.unitOfWork.run(async (stores) => {
      const found = await messageOfMember(stores, channelId, messageId, actor.userId);
      if (!found.ok) return found;
      const { channel, message } = found.value;

      const outcome = await stores.messages.removeReaction(message.id, actor.userId, emoji);
      const state = await stores.messages.reactionState(message.id, emoji, actor.userId);
      if (outcome === 'removed') await stores.events.append(reactionChanged('reaction.removed', channel.serverId, channel.id, actor.userId, state));
      return ok(state);
    });
  }
}

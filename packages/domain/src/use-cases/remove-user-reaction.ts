import type { ReactionState } from '../entities/message';
import type { Actor } from '../entities/session';
import { validationFailed } from '../errors';
import { reactionChanged } from '../events/chat-event';
import { isId } from '../ids';
import type { UnitOfWork } from '../ports/unit-of-work';
import { fail, ok, type Outcome } from '../result';
import { emojiIssues } from '../rules/emoji-rules';
import { messageOfMember } from './access';

/**
 * The server's owner removes anyone's reaction (a user may name themself too): what lets an owner
 * clean up a message whose emoji slots someone filled. Removing one that is not there is harmless.
 * The answer is the emoji's state from the caller's side; the event names whose reaction went.
 */
export class RemoveUserReaction {
  static readonly errors = ['ValidationFailed', 'ChannelNotFound', 'NotAMember', 'MessageNotFound', 'NotTheOwner'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string, messageId: string, emoji: string, userId: string): Outcome<ReactionState, typeof RemoveUserReaction.errors> {
    const issues = emojiIssues(emoji);
    if (issues.length > 0) return fail(validationFailed(issues));
    return this.unitOfWork.run(async (stores) => {
      const found = await messageOfMember(stores, channelId, messageId, actor.userId);
      if (!found.ok) return found;
      const { channel, message } = found.value;
      if (userId !== actor.userId && (await stores.servers.findById(channel.serverId))?.ownerId !== actor.userId) return fail({ kind: 'NotTheOwner' });

      const outcome = isId(userId) ? await stores.messages.removeReaction(message.id, userId, emoji) : 'absent';
      const state = await stores.messages.reactionState(message.id, emoji, actor.userId);
      if (outcome === 'removed') await stores.events.append(reactionChanged('reaction.removed', channel.serverId, channel.id, userId, state));
      return ok(state);
    });
  }
}

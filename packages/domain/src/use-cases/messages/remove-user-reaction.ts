import type { ReactionState } from '../../entities/message';
import { has } from '../../entities/permissions';
import type { Actor } from '../../entities/session';
import { reactionChanged } from '../../events/chat-event';
import { isId } from '../../ids';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome, type Result } from '../../result';
import type { ErrorOf } from '../../errors';
import { onReactionTarget } from '../channel-access';

/**
 * A moderator (MANAGE_MESSAGES in the channel) removes anyone's reaction (a user may name themself
 * too, with no permission): what lets them clean up a message whose emoji slots someone filled. Removing one that is not there is harmless,
 * whoever the (well-formed) user id names; a malformed one names nobody: `UserNotFound`.
 * The answer is the emoji's state from the caller's side; the event names whose reaction went.
 */
export class RemoveUserReaction {
  static readonly errors = ['ValidationFailed', 'ChannelNotFound', 'NotAMember', 'NotARecipient', 'MessageNotFound', 'UserNotFound', 'MissingPermission'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string, messageId: string, emoji: string, userId: string): Outcome<ReactionState, typeof RemoveUserReaction.errors> {
    return onReactionTarget(this.unitOfWork, actor, { channelId, messageId, emoji }, async (stores, { channel, message, permissions }): Promise<Result<ReactionState, ErrorOf<'UserNotFound' | 'MissingPermission'>>> => {
      // A malformed id names nobody (404, before 403 as everywhere); a well-formed one is not looked up.
      if (!isId(userId)) return fail({ kind: 'UserNotFound' });
      if (userId !== actor.userId && !has(permissions, 'MANAGE_MESSAGES')) return fail({ kind: 'MissingPermission', permission: 'MANAGE_MESSAGES' });

      const outcome = await stores.messages.removeReaction(message.channelId, message.id, userId, emoji);
      const state = await stores.messages.reactionState(message.channelId, message.id, emoji, actor.userId);
      if (outcome === 'removed') await stores.events.append(reactionChanged('reaction.removed', channel.serverId, channel.id, userId, state));
      return ok(state);
    });
  }
}

import { MAX_DISTINCT_REACTIONS, type ReactionState } from '../entities/message';
import type { Actor } from '../entities/session';
import { validationFailed } from '../errors';
import { reactionChanged } from '../events/chat-event';
import type { Clock } from '../ports/clock';
import type { UnitOfWork } from '../ports/unit-of-work';
import { fail, ok, type Outcome } from '../result';
import { emojiIssues } from '../rules/emoji-rules';
import { messageOfMember } from './access';

export class AddReaction {
  static readonly errors = ['ValidationFailed', 'ChannelNotFound', 'NotAMember', 'MessageNotFound', 'TooManyReactions'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, channelId: string, messageId: string, emoji: string): Outcome<ReactionState, typeof AddReaction.errors> {
    const issues = emojiIssues(emoji);
    if (issues.length > 0) return fail(validationFailed(issues));
    return this.unitOfWork.run(async (stores) => {
      const found = await messageOfMember(stores, channelId, messageId, actor.userId);
      if (!found.ok) return found;
      const { channel, message } = found.value;

      const reaction = { messageId: message.id, userId: actor.userId, emoji, createdAt: this.clock.now() };
      const outcome = await stores.messages.addReaction(reaction, MAX_DISTINCT_REACTIONS);
      if (outcome === 'TooManyReactions') return fail({ kind: 'TooManyReactions', max: MAX_DISTINCT_REACTIONS });
      if (outcome === 'MessageNotFound') return fail({ kind: 'MessageNotFound' });
      const state = await stores.messages.reactionState(message.id, emoji, actor.userId);
      // Reacting twice changes nothing, so nobody is told.
      if (outcome === 'added') await stores.events.append(reactionChanged('reaction.added', channel.serverId, channel.id, actor.userId, state));
      return ok(state);
    });
  }
}

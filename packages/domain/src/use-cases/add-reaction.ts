import { MAX_DISTINCT_REACTIONS, type ReactionState } from '../entities/message';
import type { Actor } from '../entities/session';
import { validationFailed } from '../errors';
import type { ChannelRepository } from '../ports/channel-repository';
import type { Clock } from '../ports/clock';
import type { MessageRepository } from '../ports/message-repository';
import { fail, ok, type Result } from '../result';
import { emojiIssues } from '../rules/emoji-rules';
import { messageOfMember } from './access';

export class AddReaction {
  constructor(
    readonly channels: ChannelRepository,
    readonly messages: MessageRepository,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, channelId: string, messageId: string, emoji: string): Promise<Result<ReactionState>> {
    const issues = emojiIssues(emoji);
    if (issues.length > 0) return fail(validationFailed(issues));
    const found = await messageOfMember(this, channelId, messageId, actor.userId);
    if (!found.ok) return found;
    const { message } = found.value;

    const reaction = { messageId: message.id, userId: actor.userId, emoji, createdAt: this.clock.now() };
    const outcome = await this.messages.addReaction(reaction, MAX_DISTINCT_REACTIONS);
    if (outcome === 'TooManyReactions') return fail({ kind: 'TooManyReactions', max: MAX_DISTINCT_REACTIONS });
    if (outcome === 'MessageNotFound') return fail({ kind: 'MessageNotFound' });
    return ok(await this.messages.reactionState(message.id, emoji, actor.userId));
  }
}

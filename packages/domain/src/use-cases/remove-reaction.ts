import type { ReactionState } from '../entities/message';
import type { Actor } from '../entities/session';
import { validationFailed } from '../errors';
import type { ChannelRepository } from '../ports/channel-repository';
import type { MessageRepository } from '../ports/message-repository';
import { fail, ok, type Result } from '../result';
import { emojiIssues } from '../rules/emoji-rules';
import { messageOfMember } from './access';

/** Removes the caller's own reaction; removing one that is not there is harmless. */
export class RemoveReaction {
  constructor(
    readonly channels: ChannelRepository,
    readonly messages: MessageRepository,
  ) {}

  async execute(actor: Actor, channelId: string, messageId: string, emoji: string): Promise<Result<ReactionState>> {
    const issues = emojiIssues(emoji);
    if (issues.length > 0) return fail(validationFailed(issues));
    const found = await messageOfMember(this, channelId, messageId, actor.userId);
    if (!found.ok) return found;
    const { message } = found.value;

    await this.messages.removeReaction(message.id, actor.userId, emoji);
    return ok(await this.messages.reactionState(message.id, emoji, actor.userId));
  }
}

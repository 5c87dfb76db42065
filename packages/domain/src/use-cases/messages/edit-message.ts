import type { Message, MessageMentions, MessageView } from '../../entities/message';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import { messageUpdated } from '../../events/chat-event';
import type { Clock } from '../../ports/clock';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { contentIssues } from '../../rules/message-rules';
import { mentionsIn, withRepliedAuthor } from '../../rules/mention-rules';
import type { MessageRepository } from '../../ports/message-repository';
import { messageOfMember } from '../channel-access';

export class EditMessage {
  static readonly errors = ['ValidationFailed', 'ChannelNotFound', 'NotAMember', 'NotARecipient', 'MissingPermission', 'MessageNotFound', 'NotTheAuthor'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(
    actor: Actor,
    channelId: string,
    messageId: string,
    input: { readonly content: string },
  ): Outcome<MessageView, typeof EditMessage.errors> {
    const issues = contentIssues(input.content);
    if (issues.length > 0) return fail(validationFailed(issues));
    return this.unitOfWork.run(async (stores) => {
      const found = await messageOfMember(stores, channelId, messageId, actor.userId);
      if (!found.ok) return found;
      const { channel, message } = found.value;
      if (message.authorId !== actor.userId) return fail({ kind: 'NotTheAuthor' });

      await stores.messages.updateContent(message.id, input.content, this.clock.now(), await askedOnEdit(stores.messages, message, input.content));
      const view = await stores.messages.view(message.id, actor.userId);
      if (!view) return fail({ kind: 'MessageNotFound' });
      await stores.events.append(messageUpdated(channel.serverId, view));
      return ok(view);
    });
  }
}

/**
 * What an edit asks to mention: the new content's mentions, and a reply's answered author still,
 * if the send mentioned them (an edit does not take back the reply's mention).
 */
async function askedOnEdit(messages: MessageRepository, message: Message, content: string): Promise<MessageMentions> {
  const asked = mentionsIn(content);
  const answered = message.replyTo === null ? null : await messages.findById(message.replyTo);
  return answered && message.mentions.includes(answered.authorId) ? withRepliedAuthor(asked, answered.authorId, message.authorId) : asked;
}

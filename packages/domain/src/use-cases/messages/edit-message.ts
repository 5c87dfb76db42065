import type { MessageView } from '../../entities/message';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import { messageUpdated } from '../../events/chat-event';
import type { Clock } from '../../ports/clock';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { contentIssues } from '../../rules/message-rules';
import { mentionsIn } from '../../rules/mention-rules';
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

      await stores.messages.updateContent(message.id, input.content, this.clock.now(), mentionsIn(input.content));
      const view = await stores.messages.view(message.id, actor.userId);
      if (!view) return fail({ kind: 'MessageNotFound' });
      await stores.events.append(messageUpdated(channel.serverId, view));
      return ok(view);
    });
  }
}

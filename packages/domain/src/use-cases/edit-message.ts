import type { MessageView } from '../entities/message';
import type { Actor } from '../entities/session';
import { validationFailed } from '../errors';
import type { ChannelRepository } from '../ports/channel-repository';
import type { Clock } from '../ports/clock';
import type { MessageRepository } from '../ports/message-repository';
import { fail, ok, type Result } from '../result';
import { contentIssues } from '../rules/message-rules';
import { messageOfMember } from './access';

export class EditMessage {
  constructor(
    readonly channels: ChannelRepository,
    readonly messages: MessageRepository,
    private readonly clock: Clock,
  ) {}

  async execute(
    actor: Actor,
    channelId: string,
    messageId: string,
    input: { readonly content: string },
  ): Promise<Result<MessageView>> {
    const issues = contentIssues(input.content);
    if (issues.length > 0) return fail(validationFailed(issues));
    const found = await messageOfMember(this, channelId, messageId, actor.userId);
    if (!found.ok) return found;
    const { message } = found.value;
    if (message.authorId !== actor.userId) return fail({ kind: 'NotTheAuthor' });

    await this.messages.updateContent(message.id, input.content, this.clock.now());
    const view = await this.messages.view(message.id, actor.userId);
    return view ? ok(view) : fail({ kind: 'MessageNotFound' });
  }
}

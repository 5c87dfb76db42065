import type { Message, MessageView } from '../entities/message';
import type { Actor } from '../entities/session';
import { validationFailed } from '../errors';
import type { ChannelRepository } from '../ports/channel-repository';
import type { Clock } from '../ports/clock';
import type { IdGenerator } from '../ports/id-generator';
import type { MessageRepository } from '../ports/message-repository';
import { fail, ok, type Result } from '../result';
import { contentIssues } from '../rules/message-rules';
import { channelOfMember } from './access';

export class SendMessage {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly messages: MessageRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor, channelId: string, input: { readonly content: string }): Promise<Result<MessageView>> {
    const issues = contentIssues(input.content);
    if (issues.length > 0) return fail(validationFailed(issues));
    const access = await channelOfMember(this.channels, channelId, actor.userId);
    if (!access.ok) return access;
    const { channel, member: author } = access.value;

    const message: Message = {
      id: this.ids.next(),
      channelId: channel.id,
      authorId: author.id,
      content: input.content,
      createdAt: this.clock.now(),
      editedAt: null,
    };
    await this.messages.create(message);
    const { authorId: _authorId, ...fields } = message;
    return ok({ ...fields, author, reactions: [] });
  }
}

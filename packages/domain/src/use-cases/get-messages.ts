import type { MessageView } from '../entities/message';
import type { Actor } from '../entities/session';
import { validationFailed, type Issue } from '../errors';
import { isId } from '../ids';
import type { ChannelRepository } from '../ports/channel-repository';
import type { MessageRepository } from '../ports/message-repository';
import { fail, ok, type Result } from '../result';
import { limitIssues, PAGE_LIMIT } from '../rules/message-rules';
import { channelOfMember } from './access';

export interface GetMessagesInput {
  readonly limit?: number;
  readonly before?: string;
  readonly after?: string;
}

export class GetMessages {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly messages: MessageRepository,
  ) {}

  async execute(actor: Actor, channelId: string, input: GetMessagesInput): Promise<Result<MessageView[]>> {
    const issues = pageIssues(input);
    if (issues.length > 0) return fail(validationFailed(issues));
    const access = await channelOfMember(this.channels, channelId, actor.userId);
    if (!access.ok) return access;

    const cursor = { limit: input.limit ?? PAGE_LIMIT.default, before: input.before, after: input.after };
    return ok(await this.messages.page(access.value.channel.id, cursor, actor.userId));
  }
}

function pageIssues(input: GetMessagesInput): Issue[] {
  const issues: Issue[] = limitIssues(input.limit, PAGE_LIMIT);
  for (const path of ['before', 'after'] as const) {
    const value = input[path];
    if (value !== undefined && !isId(value)) issues.push({ path, message: 'must be a message id' });
  }
  return issues;
}

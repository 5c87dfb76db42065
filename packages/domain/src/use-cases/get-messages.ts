import type { MessageView } from '../entities/message';
import type { Actor } from '../entities/session';
import { validationFailed, type Issue } from '../errors';
import { isId } from '../ids';
import type { MessageCursor, MessageRepository } from '../ports/message-repository';
import type { SessionRepository } from '../ports/session-repository';
import { ok, type Outcome } from '../result';
import { limitIssues, PAGE_LIMIT } from '../rules/message-rules';
import { failAsSession, fromGate } from './access';

export interface GetMessagesInput {
  readonly limit?: number;
  readonly before?: string;
  readonly after?: string;
}

/**
 * Takes the token's claims: the session, the channel, the membership and the page are one look-up.
 * Callers that already confirmed the session lose nothing by the second check.
 */
export class GetMessages {
  static readonly errors = ['ValidationFailed', 'InvalidToken', 'ChannelNotFound', 'NotAMember'] as const;

  constructor(
    private readonly messages: MessageRepository,
    private readonly sessions: SessionRepository,
  ) {}

  async execute(actor: Actor, channelId: string, input: GetMessagesInput): Outcome<MessageView[], typeof GetMessages.errors> {
    const cursor = await this.cursorFor(actor, channelId, input);
    return cursor.ok ? fromGate(await this.messages.pageAs(actor, channelId, cursor.value)) : cursor;
  }

  /** The same page, as the JSON text of `messageViewJson` values: what the HTTP edge sends. */
  async executeJson(actor: Actor, channelId: string, input: GetMessagesInput): Outcome<string, typeof GetMessages.errors> {
    const cursor = await this.cursorFor(actor, channelId, input);
    return cursor.ok ? fromGate(await this.messages.pageJsonAs(actor, channelId, cursor.value)) : cursor;
  }

  private async cursorFor(actor: Actor, channelId: string, input: GetMessagesInput): Outcome<MessageCursor, typeof GetMessages.errors> {
    const issues = pageIssues(input);
    if (issues.length > 0) return failAsSession(this.sessions, actor, validationFailed(issues));
    if (!isId(channelId)) return failAsSession(this.sessions, actor, { kind: 'ChannelNotFound' });
    return ok({ limit: input.limit ?? PAGE_LIMIT.default, before: input.before, after: input.after });
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

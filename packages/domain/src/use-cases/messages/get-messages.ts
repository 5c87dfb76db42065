import type { Actor } from '../../entities/session';
import { validationFailed, type ErrorOf, type Issue } from '../../errors';
import { isId } from '../../ids';
import type { AroundCursor, MessageCursor, MessageRepository, RenderedPage } from '../../ports/message-repository';
import { fail, ok, type Outcome, type Result } from '../../result';
import { limitIssues, PAGE_LIMIT } from '../../rules/message-rules';
import { fromGate } from '../access';
import { READ_NEEDS } from '../../rules/permission-rules';

export interface GetMessagesInput {
  readonly limit?: number;
  readonly before?: string;
  readonly after?: string;
  /** A message to centre the page on; not with `before` or `after`. */
  readonly around?: string;
}

/**
 * Takes the token's claims: the session, the channel, the membership and the page are one look-up.
 * Callers that already confirmed the session lose nothing by the second check.
 */
export class GetMessages {
  static readonly errors = ['ValidationFailed', 'InvalidToken', 'ChannelNotFound', 'NotAMember', 'NotARecipient', 'MissingPermission', 'MessageNotFound'] as const;
  /**
   * The session is checked in the page's own statement. Input refused before it (a bad limit, a
   * malformed id) is answered without a look-up: an edge that answers a dead session first must
   * check the session itself on those answers.
   */
  static readonly checksSession = true;

  constructor(private readonly messages: MessageRepository) {}

  /**
   * The page, rendered by the store as the wire's JSON (see `MessageRepository.pageJsonAs`); around
   * a message, `MessageNotFound` when the channel holds no such message (told only to who may read it).
   */
  async execute(actor: Actor, channelId: string, input: GetMessagesInput): Outcome<RenderedPage, typeof GetMessages.errors> {
    const cursor = cursorFor(channelId, input);
    if (!cursor.ok) return cursor;
    if (!('around' in cursor.value)) return fromGate(await this.messages.pageJsonAs(actor, channelId, cursor.value), READ_NEEDS);
    const page = fromGate(await this.messages.pageAroundJsonAs(actor, channelId, cursor.value), READ_NEEDS);
    if (!page.ok) return page;
    return page.value === null ? fail({ kind: 'MessageNotFound' }) : ok(page.value);
  }
}

function cursorFor(channelId: string, input: GetMessagesInput): Result<MessageCursor | AroundCursor, ErrorOf<'ValidationFailed' | 'ChannelNotFound'>> {
  const issues = pageIssues(input);
  if (issues.length > 0) return fail(validationFailed(issues));
  if (!isId(channelId)) return fail({ kind: 'ChannelNotFound' });
  const limit = input.limit ?? PAGE_LIMIT.default;
  return ok(input.around !== undefined ? { around: input.around, limit } : { limit, before: input.before, after: input.after });
}

function pageIssues(input: GetMessagesInput): Issue[] {
  const issues: Issue[] = limitIssues(input.limit, PAGE_LIMIT);
  for (const path of ['before', 'after', 'around'] as const) {
    const value = input[path];
    if (value !== undefined && !isId(value)) issues.push({ path, message: 'must be a message id' });
  }
  if (input.around !== undefined && (input.before !== undefined || input.after !== undefined)) {
    issues.push({ path: 'around', message: 'must come alone, without before or after' });
  }
  return issues;
}

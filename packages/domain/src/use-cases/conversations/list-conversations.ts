import type { ConversationView } from '../../entities/conversation';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import type { ConversationRepository } from '../../ports/conversation-repository';
import { fail, ok, type Outcome } from '../../result';
import { CONVERSATION_PAGE_LIMIT, idPageOf, type PageInput } from '../../rules/message-rules';

/** The caller's conversations, the most recently active first: `limit` (1-100, default 100) after the conversation `after`. */
export class ListConversations {
  static readonly errors = ['ValidationFailed'] as const;

  constructor(private readonly conversations: ConversationRepository) {}

  async execute(actor: Actor, input: PageInput = {}): Outcome<ConversationView[], typeof ListConversations.errors> {
    const page = idPageOf(input, CONVERSATION_PAGE_LIMIT);
    if (Array.isArray(page)) return fail(validationFailed(page));
    return ok(await this.conversations.listForUser(actor.userId, page));
  }
}

import type { Conversation, ConversationView } from '../../entities/conversation';
import type { Quotas } from '../../entities/quotas';
import type { Actor } from '../../entities/session';
import { validationFailed } from '../../errors';
import { conversationOpened } from '../../events/chat-event';
import type { Clock } from '../../ports/clock';
import type { IdGenerator } from '../../ports/id-generator';
import type { Stores } from '../../ports/stores';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome, type Result } from '../../result';
import { recipientIdsIssues } from '../../rules/conversation-rules';
import { dailyQuotaRefusal, reachableUser } from './conversation-access';

/** The conversation, and whether this call made it (false: the pair's one-to-one was there already). */
export interface OpenedConversation {
  readonly conversation: ConversationView;
  readonly created: boolean;
}

/**
 * Opens a one-to-one conversation (one recipient id) or a group (2 or more): with people who share
 * a server with the caller, and no block between them. A one-to-one is one per pair: asking again,
 * from either side, answers the same. A new one counts against the caller's daily quota, and every
 * recipient gets it as `channel.created`. A group is made with all its recipients, or not at all.
 */
export class OpenConversation {
  static readonly errors = ['ValidationFailed', 'InvalidToken', 'BotsCannotDoThis', 'UserNotFound', 'NoSharedServer', 'Blocked', 'QuotaExceeded'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly quotas: Quotas,
  ) {}

  async execute(actor: Actor, input: { readonly recipientIds: readonly string[] }): Outcome<OpenedConversation, typeof OpenConversation.errors> {
    const issues = recipientIdsIssues(input.recipientIds, actor.userId);
    if (issues.length > 0) return fail(validationFailed(issues));
    return this.unitOfWork.run(async (stores): Outcome<OpenedConversation, typeof OpenConversation.errors> => {
      // Held: the day's count and the new conversation are one step per user.
      const caller = await stores.users.hold(actor.userId);
      if (!caller) return fail({ kind: 'InvalidToken' });
      const group = input.recipientIds.length > 1;
      // Bots write to people one by one; a group is for people.
      if (group && caller.bot) return fail({ kind: 'BotsCannotDoThis' });
      for (const recipientId of input.recipientIds) {
        const reachable = await reachableUser(stores, caller.id, recipientId);
        if (!reachable.ok) return reachable;
      }
      const existing = group ? null : await stores.conversations.findDm(caller.id, input.recipientIds[0] as string);
      if (existing) return this.viewOf(stores, existing, false);
      const refusal = await dailyQuotaRefusal(stores, this.quotas, this.clock.now(), caller.id);
      if (refusal) return fail(refusal);
      const conversation: Conversation = {
        id: this.ids.next(),
        type: group ? 'group' : 'dm',
        ownerId: group ? caller.id : null,
        name: null,
        creatorId: caller.id,
        recipientIds: [caller.id, ...input.recipientIds],
        createdAt: this.clock.now(),
      };
      const stored = await stores.conversations.create(conversation);
      // The other side opened the pair's one-to-one at the same moment: theirs is the one.
      if (!stored.created) return this.viewOf(stores, stored.existingId, false);
      const opened = await this.viewOf(stores, conversation.id, true);
      if (opened.ok) await stores.events.append(...conversation.recipientIds.map((id) => conversationOpened(opened.value.conversation, id)));
      return opened;
    });
  }

  private async viewOf(stores: Stores, id: string, created: boolean): Promise<Result<OpenedConversation, never>> {
    const conversation = await stores.conversations.view(id);
    if (!conversation) throw new Error(`conversation ${id} vanished inside its unit of work`);
    return ok({ conversation, created });
  }
}

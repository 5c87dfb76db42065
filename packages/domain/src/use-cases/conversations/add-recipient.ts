import { MAX_GROUP_RECIPIENTS } from '../../entities/conversation';
import type { Quotas } from '../../entities/quotas';
import type { Actor } from '../../entities/session';
import { conversationOpened, conversationUpdated } from '../../events/chat-event';
import type { Clock } from '../../ports/clock';
import type { Stores } from '../../ports/stores';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { dailyQuotaRefusal, groupOfRecipient, reachableUser } from './conversation-access';

/**
 * The group's owner adds someone who shares a server with them (and no block between them): the
 * group's recipients get `channel.updated`, the newcomer `channel.created`. Adding one already
 * there changes nothing. A group holds `MAX_GROUP_RECIPIENTS` people at most, and each newcomer
 * counts in the owner's daily quota as a conversation opened would (a group is no way round it).
 */
export class AddRecipient {
  static readonly errors = ['ChannelNotFound', 'NotARecipient', 'NotAGroup', 'NotTheOwner', 'BotsCannotDoThis', 'UserNotFound', 'NoSharedServer', 'Blocked', 'GroupFull', 'InvalidToken', 'QuotaExceeded'] as const;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly quotas: Quotas,
  ) {}

  async execute(actor: Actor, channelId: string, userId: string): Outcome<void, typeof AddRecipient.errors> {
    return this.unitOfWork.run(async (stores): Outcome<void, typeof AddRecipient.errors> => {
      // Held first (as when opening one): the day's count and the add are one step per user.
      const caller = await stores.users.hold(actor.userId);
      if (!caller) return fail({ kind: 'InvalidToken' });
      const group = await groupOfRecipient(stores, channelId, actor.userId);
      if (!group.ok) return group;
      if (group.value.ownerId !== actor.userId) return fail({ kind: 'NotTheOwner' });
      if (caller.bot) return fail({ kind: 'BotsCannotDoThis' });
      const newcomer = await reachableUser(stores, actor.userId, userId);
      if (!newcomer.ok) return newcomer;
      if (group.value.recipientIds.includes(newcomer.value.id)) return ok(undefined);
      if (group.value.recipientIds.length >= MAX_GROUP_RECIPIENTS) return fail({ kind: 'GroupFull', max: MAX_GROUP_RECIPIENTS });
      const refusal = await dailyQuotaRefusal(stores, this.quotas, this.clock.now(), caller.id);
      if (refusal) return fail(refusal);
      await stores.conversations.addRecipient(group.value.id, newcomer.value.id, this.clock.now(), caller.id);
      await tellOfChange(stores, group.value.id, newcomer.value.id);
      return ok(undefined);
    });
  }
}

/** The group as it is now to its recipients, then (before its first event to them) to the newcomer. */
async function tellOfChange(stores: Stores, id: string, newcomerId: string): Promise<void> {
  const view = await stores.conversations.view(id);
  if (view) await stores.events.append(conversationUpdated(view), conversationOpened(view, newcomerId));
}

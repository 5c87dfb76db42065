import type { Conversation } from '../../entities/conversation';
import type { Actor } from '../../entities/session';
import { conversationClosed, conversationUpdated, type ChatEvent } from '../../events/chat-event';
import type { Stores } from '../../ports/stores';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';
import { groupOfRecipient } from './conversation-access';

/**
 * The group's owner removes a recipient, or anyone removes themself (leaves): they get
 * `channel.deleted` and then nothing of it; those who remain get `channel.updated`. When the owner
 * leaves, the group passes to the recipient who has been in it longest; when the last one leaves,
 * the group is deleted with its messages (nobody can come back into it: only a recipient adds).
 */
export class RemoveRecipient {
  static readonly errors = ['ChannelNotFound', 'NotARecipient', 'NotAGroup', 'NotTheOwner', 'RecipientNotFound'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, channelId: string, userId: string): Outcome<void, typeof RemoveRecipient.errors> {
    return this.unitOfWork.run(async (stores): Outcome<void, typeof RemoveRecipient.errors> => {
      const group = await groupOfRecipient(stores, channelId, actor.userId);
      if (!group.ok) return group;
      if (userId !== actor.userId && group.value.ownerId !== actor.userId) return fail({ kind: 'NotTheOwner' });
      if (!group.value.recipientIds.includes(userId)) return fail({ kind: 'RecipientNotFound' });
      await stores.conversations.removeRecipient(group.value.id, userId);
      await stores.events.append(...(await afterRemoval(stores, group.value, userId)));
      return ok(undefined);
    });
  }
}

/** The owner passed on if they left; the leaver told, then those who remain. */
async function afterRemoval(stores: Stores, group: Conversation, leaverId: string): Promise<ChatEvent[]> {
  const remaining = group.recipientIds.filter((id) => id !== leaverId);
  const heir = remaining[0];
  if (group.ownerId === leaverId && heir !== undefined) await stores.conversations.update(group.id, { ownerId: heir });
  if (remaining.length === 0) await stores.conversations.delete(group.id);
  const view = remaining.length > 0 ? await stores.conversations.view(group.id) : null;
  return [conversationClosed(group.id, leaverId), ...(view ? [conversationUpdated(view)] : [])];
}

import type { Conversation } from '../../entities/conversation';
import type { Quotas } from '../../entities/quotas';
import type { User } from '../../entities/user';
import type { ErrorOf } from '../../errors';
import { isId, type Id } from '../../ids';
import type { Stores } from '../../ports/stores';
import { fail, ok, type Result } from '../../result';
import { quotaRefusal } from '../../rules/quota-rules';

/**
 * The conversation, if the user is one of its recipients; a malformed or unknown id names nothing.
 * `held`: read through `ConversationRepository.hold`, for a change of its recipients or its name.
 */
export async function conversationOfRecipient(
  stores: Pick<Stores, 'conversations'>,
  id: Id,
  userId: Id,
  { held = false }: { readonly held?: boolean } = {},
): Promise<Result<Conversation, ErrorOf<'ChannelNotFound' | 'NotARecipient'>>> {
  const conversation = isId(id) ? await (held ? stores.conversations.hold(id) : stores.conversations.findById(id)) : null;
  if (!conversation) return fail({ kind: 'ChannelNotFound' });
  return conversation.recipientIds.includes(userId) ? ok(conversation) : fail({ kind: 'NotARecipient' });
}

/** As `conversationOfRecipient`, held, and a group: recipients come and go only there. */
export async function groupOfRecipient(
  stores: Pick<Stores, 'conversations'>,
  id: Id,
  userId: Id,
): Promise<Result<Conversation, ErrorOf<'ChannelNotFound' | 'NotARecipient' | 'NotAGroup'>>> {
  const found = await conversationOfRecipient(stores, id, userId, { held: true });
  if (!found.ok) return found;
  return found.value.type === 'group' ? found : fail({ kind: 'NotAGroup' });
}

/**
 * The user `otherId`, if `actorId` may write to them or add them to a group: they exist, share a
 * server with the actor, and neither blocked the other.
 */
export async function reachableUser(
  stores: Pick<Stores, 'users' | 'members' | 'blocks'>,
  actorId: Id,
  otherId: Id,
): Promise<Result<User, ErrorOf<'UserNotFound' | 'NoSharedServer' | 'Blocked'>>> {
  const other = isId(otherId) ? await stores.users.findById(otherId) : null;
  if (!other) return fail({ kind: 'UserNotFound' });
  if (!(await stores.members.sharesServer(actorId, other.id))) return fail({ kind: 'NoSharedServer' });
  if (await stores.blocks.between(actorId, other.id)) return fail({ kind: 'Blocked' });
  return ok(other);
}

const DAY_MS = 86_400_000;

/**
 * The refusal when the user has reached new people as often as a day allows (conversations opened,
 * people added to groups: `ConversationRepository.countStartedSince`); null when there is room. Ask
 * it with the user held, so two at once cannot both pass.
 */
export async function dailyQuotaRefusal(stores: Pick<Stores, 'conversations'>, quotas: Quotas, now: Date, userId: Id): Promise<ErrorOf<'QuotaExceeded'> | null> {
  const since = new Date(now.getTime() - DAY_MS);
  return quotaRefusal(quotas, 'conversationsPerDay', await stores.conversations.countStartedSince(userId, since));
}

import { CONVERSATION_PERMISSIONS } from '../entities/conversation';
import type { Message } from '../entities/message';
import { has, type Permission, type PermissionBits } from '../entities/permissions';
import type { Actor } from '../entities/session';
import type { UserSummary } from '../entities/user';
import { validationFailed, type DomainError, type ErrorOf } from '../errors';
import { isId, type Id } from '../ids';
import type { Stores } from '../ports/stores';
import type { UnitOfWork } from '../ports/unit-of-work';
import { fail, ok, type Result } from '../result';
import { emojiIssues } from '../rules/emoji-rules';
import { channelPermissions } from '../rules/permission-rules';
import { channelOfMember } from './access';
import { standingIn } from './permissions';

/** What a channel-level check reads: the channel with the membership, the server, its roles and the channel's overwrites, or the conversation. */
export type ChannelAccess = Pick<Stores, 'channels' | 'servers' | 'roles' | 'conversations' | 'users'>;

/** Where messages are: a server's channel, or a direct conversation (`serverId` null). */
export interface Place {
  readonly id: Id;
  readonly serverId: Id | null;
}

/** A member's (or a recipient's) way into a channel: who they are there, and what they may do in it. */
export interface InChannel {
  readonly channel: Place;
  readonly member: UserSummary;
  readonly permissions: PermissionBits;
}

/**
 * The channel, if the user is a member holding `needs` in it (by default, seeing it). A channel they
 * cannot see is refused `MissingPermission VIEW_CHANNEL`: 403, as a non-member is refused. A direct
 * conversation is open to its recipients alone, with `CONVERSATION_PERMISSIONS`.
 */
export async function channelWithPermission(
  stores: ChannelAccess,
  channelId: Id,
  userId: Id,
  needs: readonly Permission[] = ['VIEW_CHANNEL'],
): Promise<Result<InChannel, ErrorOf<'ChannelNotFound' | 'NotAMember' | 'NotARecipient' | 'MissingPermission'>>> {
  const access = await channelOfMember(stores.channels, channelId, userId);
  if (!access.ok) return access.error.kind === 'ChannelNotFound' ? conversationPlace(stores, channelId, userId, needs) : access;
  const { channel, member } = access.value;
  const server = await stores.servers.findById(channel.serverId);
  if (!server) return fail({ kind: 'ChannelNotFound' });
  const standing = await standingIn(stores, server, userId);
  const permissions = channelPermissions(standing, server.id, await stores.channels.overwritesOf(channel.id));
  const missing = needs.find((permission) => !has(permissions, permission));
  return missing ? fail({ kind: 'MissingPermission', permission: missing }) : ok({ channel, member, permissions });
}

/** The direct conversation `channelId` as a place for messages, to one of its recipients. */
async function conversationPlace(
  stores: ChannelAccess,
  channelId: Id,
  userId: Id,
  needs: readonly Permission[],
): Promise<Result<InChannel, ErrorOf<'ChannelNotFound' | 'NotARecipient' | 'MissingPermission'>>> {
  // A malformed id names nothing (and is never put to a store).
  const conversation = isId(channelId) ? await stores.conversations.findById(channelId) : null;
  if (!conversation) return fail({ kind: 'ChannelNotFound' });
  const member = conversation.recipientIds.includes(userId) ? await stores.users.findSummary(userId) : null;
  if (!member) return fail({ kind: 'NotARecipient' });
  const missing = needs.find((permission) => !has(CONVERSATION_PERMISSIONS, permission));
  return missing ? fail({ kind: 'MissingPermission', permission: missing }) : ok({ channel: { id: conversation.id, serverId: null }, member, permissions: CONVERSATION_PERMISSIONS });
}

/** The message, if the user may see its channel. A message only exists under its own channel. */
export async function messageOfMember(
  stores: ChannelAccess & Pick<Stores, 'messages'>,
  channelId: Id,
  messageId: Id,
  userId: Id,
): Promise<Result<InChannel & { message: Message }, ErrorOf<'ChannelNotFound' | 'NotAMember' | 'NotARecipient' | 'MissingPermission' | 'MessageNotFound'>>> {
  const access = await channelWithPermission(stores, channelId, userId);
  if (!access.ok) return access;
  const message = isId(messageId) ? await stores.messages.findInChannel(access.value.channel.id, messageId) : null;
  if (!message) return fail({ kind: 'MessageNotFound' });
  return ok({ ...access.value, message });
}

/**
 * What every reaction use case starts with: the emoji checked (400 before anything is read), then,
 * in one unit of work, the message the caller may see; `work` goes on from there.
 */
export async function onReactionTarget<T, E extends DomainError>(
  unitOfWork: UnitOfWork,
  actor: Actor,
  where: { readonly channelId: Id; readonly messageId: Id; readonly emoji: string },
  work: (stores: Stores, target: InChannel & { readonly message: Message }) => Promise<Result<T, E>>,
): Promise<Result<T, E | ErrorOf<'ValidationFailed' | 'ChannelNotFound' | 'NotAMember' | 'NotARecipient' | 'MissingPermission' | 'MessageNotFound'>>> {
  const issues = emojiIssues(where.emoji);
  if (issues.length > 0) return fail(validationFailed(issues));
  return unitOfWork.run(async (stores) => {
    const found = await messageOfMember(stores, where.channelId, where.messageId, actor.userId);
    return found.ok ? work(stores, found.value) : found;
  });
}

import type { Message } from '../../entities/message';
import { has } from '../../entities/permissions';
import type { Actor } from '../../entities/session';
import type { DomainError, ErrorOf } from '../../errors';
import type { Id } from '../../ids';
import type { Stores } from '../../ports/stores';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, type Result } from '../../result';
import { messageOfMember, type InChannel } from '../channel-access';

/**
 * What pinning and unpinning start with, in one unit of work: the message, under its own channel,
 * that the caller sees (404 for one of another channel or none, before 403), and the right to pin
 * there: MANAGE_MESSAGES in a server's channel; in a direct conversation, being a recipient.
 */
export async function onPinTarget<T, E extends DomainError>(
  unitOfWork: UnitOfWork,
  actor: Actor,
  where: { readonly channelId: Id; readonly messageId: Id },
  work: (stores: Stores, target: InChannel & { readonly message: Message }) => Promise<Result<T, E>>,
): Promise<Result<T, E | ErrorOf<'ChannelNotFound' | 'NotAMember' | 'NotARecipient' | 'MissingPermission' | 'MessageNotFound'>>> {
  return unitOfWork.run(async (stores) => {
    const found = await messageOfMember(stores, where.channelId, where.messageId, actor.userId);
    if (!found.ok) return found;
    const inConversation = found.value.channel.serverId === null;
    if (!inConversation && !has(found.value.permissions, 'MANAGE_MESSAGES')) return fail({ kind: 'MissingPermission', permission: 'MANAGE_MESSAGES' });
    return work(stores, found.value);
  });
}

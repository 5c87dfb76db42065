import type { MessageMentions } from '../entities/message';
import type { Id } from '../ids';

/**
 * Whether a message counts among a reader's mentions: it names them, a role they hold in its
 * server, or everyone (as the send kept them: see `keptMentions`).
 */
export const mentionsReader = (message: MessageMentions, readerId: Id, roleIds: ReadonlySet<Id>): boolean =>
  message.mentionEveryone || message.mentions.includes(readerId) || message.mentionRoles.some((roleId) => roleIds.has(roleId));

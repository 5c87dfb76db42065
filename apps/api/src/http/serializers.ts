import { channelJson, memberJson, messageViewJson, serverJson, type Invite, type ReactionState, type SentMessage } from '@chat/domain';

/* Entities to the exact JSON shapes of the contract: nothing more leaves the server. The shapes the
   gateway sends too are defined once, in the domain. */

export { channelJson, memberJson, serverJson };

export const inviteJson = (i: Invite) => ({ code: i.code, serverId: i.serverId, createdAt: i.createdAt.toISOString() });

export const messageJson = messageViewJson;

export const sentMessageJson = ({ message, nonce }: SentMessage) => ({ ...messageViewJson(message), ...(nonce === null ? {} : { nonce }) });

export const reactionStateJson = (r: ReactionState) => ({ messageId: r.messageId, emoji: r.emoji, count: r.count, reacted: r.reacted });

import { messageViewJson, type Channel, type Invite, type MemberView, type ReactionState, type Server } from '@chat/domain';

/* Entities to the exact JSON shapes of the contract: nothing more leaves the server. */

export const serverJson = (s: Server) => ({
  id: s.id,
  name: s.name,
  avatar: s.avatar,
  banner: s.banner,
  verified: s.verified,
  defaultChannelId: s.defaultChannelId,
  ownerId: s.ownerId,
  createdAt: s.createdAt.toISOString(),
});

export const channelJson = (c: Channel) => ({ id: c.id, serverId: c.serverId, name: c.name, createdAt: c.createdAt.toISOString() });

export const memberJson = (m: MemberView) => ({
  userId: m.userId,
  serverId: m.serverId,
  joinedAt: m.joinedAt.toISOString(),
  user: { id: m.user.id, username: m.user.username },
});

export const inviteJson = (i: Invite) => ({ code: i.code, serverId: i.serverId, createdAt: i.createdAt.toISOString() });

export const messageJson = messageViewJson;

export const reactionStateJson = (r: ReactionState) => ({ messageId: r.messageId, emoji: r.emoji, count: r.count, reacted: r.reacted });

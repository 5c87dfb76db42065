import { type BanView, type SessionView, channelJson, memberJson, messageViewJson, serverJson, type ApplicationView, type AuthGrant, type CreatedApplication, type Invite, type InvitePreview, type ReactionState, type SentMessage } from '@chat/domain';

/* Entities to the exact JSON shapes of the contract: nothing more leaves the server. The shapes the
   gateway sends too are defined once, in the domain. */

export { channelJson, memberJson, serverJson };

export const inviteJson = (i: Invite) => ({
  code: i.code,
  serverId: i.serverId,
  creatorId: i.creatorId,
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt?.toISOString() ?? null,
  maxUses: i.maxUses,
  uses: i.uses,
});

export const invitePreviewJson = (p: InvitePreview) => ({
  code: p.code,
  server: { id: p.server.id, name: p.server.name, avatar: p.server.avatar, memberCount: p.server.memberCount },
  expiresAt: p.expiresAt?.toISOString() ?? null,
});

export const banJson = (b: BanView) => ({ user: { id: b.user.id, username: b.user.username }, reason: b.reason, createdAt: b.createdAt.toISOString() });

export const messageJson = messageViewJson;

export const sentMessageJson = ({ message, nonce }: SentMessage) => ({ ...messageViewJson(message), ...(nonce === null ? {} : { nonce }) });

export const authGrantJson = (g: AuthGrant) => ({ token: g.token, user: { id: g.user.id, username: g.user.username }, deviceToken: g.deviceToken });

export const applicationJson = (a: ApplicationView) => ({ id: a.id, name: a.name, clientId: a.clientId, bot: { id: a.bot.id, username: a.bot.username } });

export const createdApplicationJson = (a: CreatedApplication) => ({ ...applicationJson(a), clientSecret: a.clientSecret });

export const reactionStateJson = (r: ReactionState) => ({ messageId: r.messageId, emoji: r.emoji, count: r.count, reacted: r.reacted });

export const sessionJson = (v: SessionView) => ({
  id: v.id,
  createdAt: v.createdAt.toISOString(),
  lastUsedAt: v.lastUsedAt.toISOString(),
  expiresAt: v.expiresAt.toISOString(),
  userAgent: v.userAgent,
  current: v.current,
});

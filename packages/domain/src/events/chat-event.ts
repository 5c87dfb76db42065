import type { Channel } from '../entities/channel';
import type { ConversationView } from '../entities/conversation';
import type { MemberView } from '../entities/member';
import type { MessageView, ReactionState } from '../entities/message';
import type { Role } from '../entities/role';
import type { Server } from '../entities/server';
import type { UserSummary } from '../entities/user';
import type { Id } from '../ids';

/** Why a member left: of their own accord, or removed by the server's owner (a ban also keeps them out). */
export type LeaveReason = 'leave' | 'kick' | 'ban';

/**
 * Something that happened, as every replica's gateway learns of it: written with the change that
 * caused it (the same transaction), so a committed change always has its event. Events of a server
 * go to its members only; `session.revoked` goes to no client, it closes sockets. Message and
 * reaction events with `serverId` null belong to a direct conversation: they go to its recipients.
 */
export type ChatEvent =
  | { readonly type: 'message.created'; readonly serverId: Id | null; readonly message: MessageView; readonly nonce: string | null }
  | { readonly type: 'message.updated'; readonly serverId: Id | null; readonly message: MessageView }
  | { readonly type: 'message.deleted'; readonly serverId: Id | null; readonly channelId: Id; readonly messageId: Id }
  | { readonly type: 'reaction.added' | 'reaction.removed'; readonly serverId: Id | null; readonly channelId: Id; readonly userId: Id; readonly reaction: ReactionCount }
  /** Every reaction of one emoji taken off a message at once (by the server's owner). */
  | { readonly type: 'reaction.cleared'; readonly serverId: Id | null; readonly channelId: Id; readonly messageId: Id; readonly emoji: string }
  /** A message was pinned in its channel, or unpinned; `pinnedBy`: who did it. */
  | { readonly type: 'message.pinned' | 'message.unpinned'; readonly serverId: Id | null; readonly channelId: Id; readonly messageId: Id; readonly pinnedBy: Id }
  | { readonly type: 'member.joined'; readonly member: MemberView }
  | { readonly type: 'member.left'; readonly serverId: Id; readonly userId: Id; readonly reason: LeaveReason }
  | { readonly type: 'channel.created'; readonly channel: Channel }
  | { readonly type: 'role.created' | 'role.updated'; readonly role: Role }
  | { readonly type: 'role.deleted'; readonly serverId: Id; readonly roleId: Id }
  /** A member's roles changed: `roleIds` are all they hold now (`@everyone` not among them), by position. */
  | { readonly type: 'member.updated'; readonly serverId: Id; readonly userId: Id; readonly roleIds: readonly Id[] }
  /** Renamed, moved, a new topic or new overwrites: the channel as it is now. */
  | { readonly type: 'channel.updated'; readonly channel: Channel }
  | { readonly type: 'channel.deleted'; readonly serverId: Id; readonly channelId: Id }
  /**
   * One member's sight of a channel changed (a role, an overwrite, an owner): `channel.lost`, it is
   * gone from their sight, and they are sent `channel.deleted`; `channel.shown`, it came into it, and
   * they are sent `channel.created`. Types of their own in the log, so a replica of an older version
   * (a rolling deploy) skips them rather than tell every member.
   */
  | { readonly type: 'channel.lost'; readonly serverId: Id; readonly channelId: Id; readonly viewerId: Id }
  | { readonly type: 'channel.shown'; readonly channel: Channel; readonly viewerId: Id }
  /**
   * A member is kept out of a channel they never saw (they are joining, or it is new): it goes to no
   * client, it tells the gateway to send that member nothing of the channel.
   */
  | { readonly type: 'channel.hidden'; readonly serverId: Id; readonly channelId: Id; readonly viewerId: Id }
  /**
   * A direct conversation came to one recipient (opened, or they were added to a group): it is sent
   * to them alone as `channel.created`, and its events reach them from here on.
   */
  | { readonly type: 'conversation.opened'; readonly conversation: ConversationView; readonly viewerId: Id }
  /** A group renamed, or its recipients or owner changed: sent to its recipients as `channel.updated`. */
  | { readonly type: 'conversation.updated'; readonly conversation: ConversationView }
  /** One recipient left a group or was removed: sent to them alone as `channel.deleted`; nothing of it follows. */
  | { readonly type: 'conversation.closed'; readonly channelId: Id; readonly viewerId: Id }
  | { readonly type: 'server.updated'; readonly server: Server }
  /** The server is gone with everything in it; like a leave of every member, it is the last event of the server. */
  | { readonly type: 'server.deleted'; readonly serverId: Id }
  /**
   * A user changed their username, display name or avatar: for them and for everyone who shares a
   * server with them. `serverIds` are the user's servers when it changed: the log keeps them so a
   * gateway knows who may hear it (one event, however many servers are shared); no client is sent them.
   */
  | { readonly type: 'user.updated'; readonly user: UserSummary; readonly serverIds: readonly Id[] }
  /**
   * The user moved their read marker in a channel or conversation: for their own sockets alone (the
   * others of their devices clear what they read). `mentionCount`: the mentions of them still after it.
   */
  | { readonly type: 'read_state.updated'; readonly userId: Id; readonly channelId: Id; readonly lastReadMessageId: Id; readonly mentionCount: number }
  /** `sessionId` null: every session of the user (their application was deleted), but `exceptSessionId` if set. */
  | { readonly type: 'session.revoked'; readonly userId: Id; readonly sessionId: Id | null; readonly exceptSessionId?: Id };

export type ChatEventType = ChatEvent['type'];

/** An emoji's count on a message after a change: the same for every viewer. */
export type ReactionCount = Omit<ReactionState, 'reacted'>;

/** In events, reactions carry counts only: one event goes to every member alike. */
const shared = (message: MessageView): MessageView => ({
  ...message,
  reactions: message.reactions.map((r) => ({ ...r, reacted: false })),
});

export const messageCreated = (serverId: Id | null, message: MessageView, nonce: string | null): ChatEvent => ({
  type: 'message.created',
  serverId,
  message: shared(message),
  nonce,
});

export const messageUpdated = (serverId: Id | null, message: MessageView): ChatEvent => ({ type: 'message.updated', serverId, message: shared(message) });

export const messageDeleted = (serverId: Id | null, channelId: Id, messageId: Id): ChatEvent => ({ type: 'message.deleted', serverId, channelId, messageId });

export const messagePinChanged = (type: 'message.pinned' | 'message.unpinned', serverId: Id | null, channelId: Id, messageId: Id, pinnedBy: Id): ChatEvent => ({
  type,
  serverId,
  channelId,
  messageId,
  pinnedBy,
});

export const reactionChanged = (
  type: 'reaction.added' | 'reaction.removed',
  serverId: Id | null,
  channelId: Id,
  userId: Id,
  state: ReactionState,
): ChatEvent => ({ type, serverId, channelId, userId, reaction: { messageId: state.messageId, emoji: state.emoji, count: state.count } });

export const memberJoined = (member: MemberView): ChatEvent => ({ type: 'member.joined', member });

export const memberLeft = (serverId: Id, userId: Id, reason: LeaveReason): ChatEvent => ({ type: 'member.left', serverId, userId, reason });

export const channelCreated = (channel: Channel): ChatEvent => ({ type: 'channel.created', channel });

export const roleCreated = (role: Role): ChatEvent => ({ type: 'role.created', role });

export const roleUpdated = (role: Role): ChatEvent => ({ type: 'role.updated', role });

export const roleDeleted = (serverId: Id, roleId: Id): ChatEvent => ({ type: 'role.deleted', serverId, roleId });

export const memberUpdated = (serverId: Id, userId: Id, roleIds: readonly Id[]): ChatEvent => ({ type: 'member.updated', serverId, userId, roleIds });
export const channelUpdated = (channel: Channel): ChatEvent => ({ type: 'channel.updated', channel });

export const channelDeleted = (serverId: Id, channelId: Id): ChatEvent => ({ type: 'channel.deleted', serverId, channelId });

/** One member lost sight of a channel: to them it is gone. */
export const channelLost = (serverId: Id, channelId: Id, viewerId: Id): ChatEvent => ({ type: 'channel.lost', serverId, channelId, viewerId });

/** One member gained sight of a channel: to them it is new. */
export const channelGained = (channel: Channel, viewerId: Id): ChatEvent => ({ type: 'channel.shown', channel, viewerId });

/** One member is kept out of a channel they never saw. */
export const channelHidden = (serverId: Id, channelId: Id, viewerId: Id): ChatEvent => ({ type: 'channel.hidden', serverId, channelId, viewerId });

/** The conversation came to one recipient. */
export const conversationOpened = (conversation: ConversationView, viewerId: Id): ChatEvent => ({ type: 'conversation.opened', conversation, viewerId });

export const conversationUpdated = (conversation: ConversationView): ChatEvent => ({ type: 'conversation.updated', conversation });

/** One recipient is out of the conversation. */
export const conversationClosed = (channelId: Id, viewerId: Id): ChatEvent => ({ type: 'conversation.closed', channelId, viewerId });

export const serverUpdated = (server: Server): ChatEvent => ({ type: 'server.updated', server });

export const serverDeleted = (serverId: Id): ChatEvent => ({ type: 'server.deleted', serverId });

export const reactionCleared = (serverId: Id | null, channelId: Id, messageId: Id, emoji: string): ChatEvent => ({
  type: 'reaction.cleared',
  serverId,
  channelId,
  messageId,
  emoji,
});

export const sessionRevoked = (userId: Id, sessionId: Id | null): ChatEvent => ({ type: 'session.revoked', userId, sessionId });

/** Every session of the user but one (revoke-all, a password change). */
export const otherSessionsRevoked = (userId: Id, exceptSessionId: Id): ChatEvent => ({ type: 'session.revoked', userId, sessionId: null, exceptSessionId });

/**
 * The server an event belongs to, or null for one that concerns a user's sessions only. An event of
 * a direct conversation belongs to the conversation: its id stands where a server's would (the
 * gateway routes both alike: to the members of the server, or the recipients of the conversation).
 */
export const userUpdated = (user: UserSummary, serverIds: readonly Id[]): ChatEvent => ({ type: 'user.updated', user, serverIds });

export const readStateUpdated = (userId: Id, channelId: Id, lastReadMessageId: Id, mentionCount: number): ChatEvent => ({
  type: 'read_state.updated',
  userId,
  channelId,
  lastReadMessageId,
  mentionCount,
});

/** The server an event belongs to, or null for one that concerns a user's sessions, or a user in all their servers, or a user alone. */
export function serverOf(event: ChatEvent): Id | null {
  switch (event.type) {
    case 'conversation.opened':
    case 'conversation.updated':
      return event.conversation.id;
    case 'conversation.closed':
      return event.channelId;
    case 'message.created':
    case 'message.updated':
      return event.serverId ?? event.message.channelId;
    case 'message.deleted':
    case 'message.pinned':
    case 'message.unpinned':
    case 'reaction.added':
    case 'reaction.removed':
    case 'reaction.cleared':
      return event.serverId ?? event.channelId;
    case 'member.joined':
      return event.member.serverId;
    case 'channel.created':
    case 'channel.updated':
    case 'channel.shown':
      return event.channel.serverId;
    case 'role.created':
    case 'role.updated':
      return event.role.serverId;
    case 'server.updated':
      return event.server.id;
    case 'session.revoked':
    case 'user.updated':
    case 'read_state.updated':
      return null;
    default:
      return event.serverId;
  }
}

/**
 * The user a membership or session event is about, or the one member a channel's sight changed for;
 * null for the others.
 */
export function subjectOf(event: ChatEvent): Id | null {
  switch (event.type) {
    case 'channel.lost':
    case 'channel.shown':
    case 'channel.hidden':
    case 'conversation.opened':
    case 'conversation.closed':
      return event.viewerId;
    case 'member.joined':
      return event.member.userId;
    case 'user.updated':
      return event.user.id;
    case 'member.left':
    case 'member.updated':
    case 'session.revoked':
    case 'read_state.updated':
      return event.userId;
    default:
      return null;
  }
}

/** The channel an event belongs to (its viewers are those who can see the channel), or null. */
export function channelOf(event: ChatEvent): Id | null {
  switch (event.type) {
    case 'message.created':
    case 'message.updated':
      return event.message.channelId;
    case 'message.deleted':
    case 'message.pinned':
    case 'message.unpinned':
    case 'reaction.added':
    case 'reaction.removed':
    case 'reaction.cleared':
    case 'channel.deleted':
    case 'channel.lost':
    case 'channel.hidden':
    case 'conversation.closed':
      return event.channelId;
    case 'conversation.opened':
    case 'conversation.updated':
      return event.conversation.id;
    case 'channel.created':
    case 'channel.updated':
    case 'channel.shown':
      return event.channel.id;
    default:
      return null;
  }
}

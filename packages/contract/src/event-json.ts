import type { ChatEvent } from '@chat/domain';
import type { ClientEventJson, EventJson, LoggedEventType } from './events';
import { conversationFromJson, conversationJson } from './conversation';
import { messageFromJson, messageJson } from './message';
import { userSummaryFromJson, userSummaryJson } from './fields';
import { obj, num, str, strs, type Json } from './read-json';

/** `serverId` where an event has one: a direct conversation's events have none. */
const inServer = (serverId: string | null): { serverId?: string } => (serverId === null ? {} : { serverId });
const serverIdOf = (d: Json): string | null => (d.serverId === undefined ? null : str(d.serverId));
import { channelFromJson, channelJson, memberFromJson, memberJson, roleFromJson, roleJson, serverFromJson, serverJson } from './responses';

/**
 * Events in their one JSON form: `t` is the type, `d` the data a client gets, the REST shapes with
 * `serverId` added where the REST shape lacks it. The gateway sends it; the event log keeps it.
 * Typed by the contract's schemas (`EventJson`): a data that differs from its schema does not compile.
 */
export function eventJson(event: ChatEvent): EventJson {
  switch (event.type) {
    case 'message.created':
      return {
        t: event.type,
        d: { ...messageJson(event.message), ...inServer(event.serverId), ...(event.nonce === null ? {} : { nonce: event.nonce }) },
      };
    case 'message.updated':
      return { t: event.type, d: { ...messageJson(event.message), ...inServer(event.serverId) } };
    case 'message.deleted':
      return { t: event.type, d: { id: event.messageId, channelId: event.channelId, ...inServer(event.serverId) } };
    case 'message.pinned':
    case 'message.unpinned':
      return { t: event.type, d: { channelId: event.channelId, ...inServer(event.serverId), messageId: event.messageId, pinnedBy: event.pinnedBy } };
    case 'reaction.added':
    case 'reaction.removed':
      return {
        t: event.type,
        d: {
          messageId: event.reaction.messageId,
          channelId: event.channelId,
          ...inServer(event.serverId),
          emoji: event.reaction.emoji,
          count: event.reaction.count,
          userId: event.userId,
        },
      };
    case 'reaction.cleared':
      return { t: event.type, d: { messageId: event.messageId, channelId: event.channelId, ...inServer(event.serverId), emoji: event.emoji } };
    case 'member.joined':
      return { t: event.type, d: memberJson(event.member) };
    case 'member.left':
      return { t: event.type, d: { serverId: event.serverId, userId: event.userId, reason: event.reason } };
    case 'channel.created':
    case 'channel.updated':
      return { t: event.type, d: channelJson(event.channel) };
    case 'role.created':
    case 'role.updated':
      return { t: event.type, d: roleJson(event.role) };
    case 'role.deleted':
      return { t: event.type, d: { id: event.roleId, serverId: event.serverId } };
    case 'member.updated':
      return { t: event.type, d: { serverId: event.serverId, userId: event.userId, roleIds: [...event.roleIds] } };
    case 'channel.deleted':
      return { t: event.type, d: { id: event.channelId, serverId: event.serverId } };
    case 'server.updated':
      return { t: event.type, d: serverJson(event.server) };
    case 'server.deleted':
      return { t: event.type, d: { serverId: event.serverId } };
    case 'channel.hidden':
    case 'channel.lost':
      return { t: event.type, d: { id: event.channelId, serverId: event.serverId, userId: event.viewerId } };
    case 'channel.shown':
      return { t: event.type, d: { ...channelJson(event.channel), userId: event.viewerId } };
    case 'conversation.opened':
      return { t: event.type, d: { ...conversationJson(event.conversation), userId: event.viewerId } };
    case 'conversation.updated':
      return { t: event.type, d: conversationJson(event.conversation) };
    case 'conversation.closed':
      return { t: event.type, d: { id: event.channelId, userId: event.viewerId } };
    case 'user.updated':
      return { t: event.type, d: { ...userSummaryJson(event.user), serverIds: [...event.serverIds] } };
    case 'read_state.updated':
      return {
        t: event.type,
        d: { channelId: event.channelId, lastReadMessageId: event.lastReadMessageId, mentionCount: event.mentionCount, userId: event.userId },
      };
    case 'session.revoked':
      return {
        t: event.type,
        d: { userId: event.userId, sessionId: event.sessionId, ...(event.exceptSessionId !== undefined ? { exceptSessionId: event.exceptSessionId } : {}) },
      };
  }
}

/** How each type is read back: one left out does not compile. */
const READERS: { readonly [T in LoggedEventType]: (d: Json) => ChatEvent & { readonly type: T } } = {
  'message.created': (d) => ({
    type: 'message.created',
    serverId: serverIdOf(d),
    message: messageFromJson(d),
    nonce: d.nonce === undefined || d.nonce === null ? null : str(d.nonce),
  }),
  'message.updated': (d) => ({ type: 'message.updated', serverId: serverIdOf(d), message: messageFromJson(d) }),
  'message.deleted': (d) => ({ type: 'message.deleted', serverId: serverIdOf(d), channelId: str(d.channelId), messageId: str(d.id) }),
  'message.pinned': (d) => pinFromJson('message.pinned', d),
  'message.unpinned': (d) => pinFromJson('message.unpinned', d),
  'reaction.added': (d) => reactionFromJson('reaction.added', d),
  'reaction.removed': (d) => reactionFromJson('reaction.removed', d),
  'reaction.cleared': (d) => ({
    type: 'reaction.cleared',
    serverId: serverIdOf(d),
    channelId: str(d.channelId),
    messageId: str(d.messageId),
    emoji: str(d.emoji),
  }),
  'member.joined': (d) => ({ type: 'member.joined', member: memberFromJson(d) }),
  // A reason a newer version adds is still a leave here: fail closed.
  'member.left': (d) => ({
    type: 'member.left',
    serverId: str(d.serverId),
    userId: str(d.userId),
    reason: d.reason === 'kick' || d.reason === 'ban' ? d.reason : 'leave',
  }),
  'channel.created': (d) => ({ type: 'channel.created', channel: channelFromJson(d) }),
  'conversation.opened': (d) => ({ type: 'conversation.opened', conversation: conversationFromJson(d), viewerId: str(d.userId) }),
  'conversation.updated': (d) => ({ type: 'conversation.updated', conversation: conversationFromJson(d) }),
  'conversation.closed': (d) => ({ type: 'conversation.closed', channelId: str(d.id), viewerId: str(d.userId) }),
  'role.created': (d) => ({ type: 'role.created', role: roleFromJson(d) }),
  'role.updated': (d) => ({ type: 'role.updated', role: roleFromJson(d) }),
  'role.deleted': (d) => ({ type: 'role.deleted', serverId: str(d.serverId), roleId: str(d.id) }),
  'member.updated': (d) => ({ type: 'member.updated', serverId: str(d.serverId), userId: str(d.userId), roleIds: strs(d.roleIds) }),
  'channel.updated': (d) => ({ type: 'channel.updated', channel: channelFromJson(d) }),
  'channel.deleted': (d) => ({ type: 'channel.deleted', serverId: str(d.serverId), channelId: str(d.id) }),
  'server.updated': (d) => ({ type: 'server.updated', server: serverFromJson(d) }),
  'server.deleted': (d) => ({ type: 'server.deleted', serverId: str(d.serverId) }),
  'channel.lost': (d) => ({ type: 'channel.lost', serverId: str(d.serverId), channelId: str(d.id), viewerId: str(d.userId) }),
  'channel.shown': (d) => ({ type: 'channel.shown', channel: channelFromJson(d), viewerId: str(d.userId) }),
  'channel.hidden': (d) => ({ type: 'channel.hidden', serverId: str(d.serverId), channelId: str(d.id), viewerId: str(d.userId) }),
  'user.updated': (d) => ({ type: 'user.updated', user: userSummaryFromJson(d), serverIds: strs(d.serverIds) }),
  'read_state.updated': (d) => ({
    type: 'read_state.updated',
    userId: str(d.userId),
    channelId: str(d.channelId),
    lastReadMessageId: str(d.lastReadMessageId),
    mentionCount: num(d.mentionCount),
  }),
  'session.revoked': (d) => ({
    type: 'session.revoked',
    userId: str(d.userId),
    sessionId: d.sessionId === null ? null : str(d.sessionId),
    ...(d.exceptSessionId !== undefined ? { exceptSessionId: str(d.exceptSessionId) } : {}),
  }),
};

function pinFromJson<T extends 'message.pinned' | 'message.unpinned'>(type: T, d: Json) {
  return { type, serverId: serverIdOf(d), channelId: str(d.channelId), messageId: str(d.messageId), pinnedBy: str(d.pinnedBy) };
}

function reactionFromJson<T extends 'reaction.added' | 'reaction.removed'>(type: T, d: Json) {
  return {
    type,
    serverId: serverIdOf(d),
    channelId: str(d.channelId),
    userId: str(d.userId),
    reaction: { messageId: str(d.messageId), emoji: str(d.emoji), count: num(d.count) },
  };
}

const isLoggedType = (t: string): t is LoggedEventType => Object.hasOwn(READERS, t);

/** `eventJson` read back; throws on data that no version of `eventJson` wrote. */
export function eventFromJson(t: string, data: unknown): ChatEvent {
  const d = obj(data);
  if (!isLoggedType(t)) throw new TypeError(`unknown event type ${t}`);
  return READERS[t](d);
}

/**
 * What a client is sent of an event: its `eventJson`, but for one member's change of sight, which
 * the log keeps under a type of its own and a client gets as `channel.deleted` or `channel.created`,
 * for a user's change, whose servers (kept to route it) no client is told, for a read marker, whose
 * user (kept to read it back) is the client's own, and for a recipient's
 * coming into, or going out of, a direct conversation, sent as a channel's.
 */
export function clientEventJson(event: ChatEvent): ClientEventJson | EventJson {
  switch (event.type) {
    case 'channel.lost':
      return eventJson({ type: 'channel.deleted', serverId: event.serverId, channelId: event.channelId });
    case 'channel.shown':
      return eventJson({ type: 'channel.created', channel: event.channel });
    case 'user.updated':
      return { t: 'user.updated', d: userSummaryJson(event.user) };
    case 'read_state.updated':
      return { t: 'read_state.updated', d: { channelId: event.channelId, lastReadMessageId: event.lastReadMessageId, mentionCount: event.mentionCount } };
    // A direct conversation's coming, change and going, as a channel's.
    case 'conversation.opened':
      return { t: 'channel.created', d: conversationJson(event.conversation) };
    case 'conversation.updated':
      return { t: 'channel.updated', d: conversationJson(event.conversation) };
    case 'conversation.closed':
      return { t: 'channel.deleted', d: { id: event.channelId } };
    default:
      return eventJson(event);
  }
}

/**
 * The log's types whose stored text is never a frame's as it is (`clientEventJson` writes it
 * again): sent under another type, or with less than the log keeps.
 */
export const NOT_SENT_AS_STORED: ReadonlySet<string> = new Set([
  'channel.lost',
  'channel.shown',
  'user.updated',
  'conversation.opened',
  'conversation.updated',
  'conversation.closed',
  'read_state.updated',
] satisfies ChatEvent['type'][]);

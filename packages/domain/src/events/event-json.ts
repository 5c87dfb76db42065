import { channelJson } from '../entities/channel';
import { serverJson } from '../entities/server';
import { memberJson } from '../entities/member';
import { messageViewJson, type MessageView } from '../entities/message';
import type { ChatEvent, ChatEventType } from './chat-event';

/**
 * Events in their one JSON form: `t` is the type, `d` the data a client gets, the REST shapes with
 * `serverId` added where the REST shape lacks it. The gateway sends it; the event log keeps it.
 */
export function eventJson(event: ChatEvent): { readonly t: ChatEventType; readonly d: Record<string, unknown> } {
  switch (event.type) {
    case 'message.created':
      return {
        t: event.type,
        d: { ...messageViewJson(event.message), serverId: event.serverId, ...(event.nonce === null ? {} : { nonce: event.nonce }) },
      };
    case 'message.updated':
      return { t: event.type, d: { ...messageViewJson(event.message), serverId: event.serverId } };
    case 'message.deleted':
      return { t: event.type, d: { id: event.messageId, channelId: event.channelId, serverId: event.serverId } };
    case 'reaction.added':
    case 'reaction.removed':
      return {
        t: event.type,
        d: {
          messageId: event.reaction.messageId,
          channelId: event.channelId,
          serverId: event.serverId,
          emoji: event.reaction.emoji,
          count: event.reaction.count,
          userId: event.userId,
        },
      };
    case 'reaction.cleared':
      return { t: event.type, d: { messageId: event.messageId, channelId: event.channelId, serverId: event.serverId, emoji: event.emoji } };
    case 'member.joined':
      return { t: event.type, d: memberJson(event.member) };
    case 'member.left':
      return { t: event.type, d: { serverId: event.serverId, userId: event.userId, reason: event.reason } };
    case 'channel.created':
      return { t: event.type, d: channelJson(event.channel) };
    case 'server.updated':
      return { t: event.type, d: serverJson(event.server) };
    case 'server.deleted':
      return { t: event.type, d: { serverId: event.serverId } };
    case 'session.revoked':
      return {
        t: event.type,
        d: { userId: event.userId, sessionId: event.sessionId, ...(event.exceptSessionId !== undefined ? { exceptSessionId: event.exceptSessionId } : {}) },
      };
  }
}

type Json = Record<string, unknown>;

const str = (value: unknown): string => {
  if (typeof value !== 'string') throw new TypeError('an event field is not a string');
  return value;
};
const obj = (value: unknown): Json => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TypeError('an event field is not an object');
  return value as Json;
};
const date = (value: unknown): Date => new Date(str(value));
const num = (value: unknown): number => {
  if (typeof value !== 'number') throw new TypeError('an event field is not a number');
  return value;
};

function messageFromJson(d: Json): MessageView {
  const author = obj(d.author);
  const reactions = Array.isArray(d.reactions) ? d.reactions.map(obj) : [];
  return {
    id: str(d.id),
    channelId: str(d.channelId),
    content: str(d.content),
    createdAt: date(d.createdAt),
    editedAt: d.editedAt === null ? null : date(d.editedAt),
    author: { id: str(author.id), username: str(author.username) },
    reactions: reactions.map((r) => ({ emoji: str(r.emoji), count: num(r.count), reacted: r.reacted === true })),
  };
}

/**
 * An event as the log stores it: its type and its data as JSON text. Relays and buses pass it on
 * as it is, so an event of a newer version (a rolling deploy) travels intact through older replicas.
 */
export interface EncodedEvent {
  readonly position: number;
  readonly id: string;
  readonly type: string;
  readonly data: string;
}

/** An encoded event read back, or null if this version cannot read it (a type a newer one added). */
export function readEvent(type: string, data: string): ChatEvent | null {
  try {
    return eventFromJson(type, JSON.parse(data));
  } catch {
    return null;
  }
}

/** A `LoggedEvent` read from the log's stored text; see `lazilyDecoded`. */
export interface StoredLoggedEvent {
  readonly position: number;
  readonly id: string;
  readonly event: ChatEvent | null;
  /**
   * The stored text when it is `JSON.stringify(eventJson(event).d)` byte for byte, so a gateway
   * may put it in a frame as it is; null when it must be written again from `event`.
   */
  readonly wire: string | null;
}

/**
 * An encoded event as a `LoggedEvent` whose `event` is decoded when first read: a replica with no
 * socket to send it to never pays for decoding.
 */
export function lazilyDecoded(position: number, id: string, type: string, data: string): StoredLoggedEvent {
  let decoded: ChatEvent | null | undefined;
  return {
    position,
    id,
    get event() {
      if (decoded === undefined) decoded = readEvent(type, data);
      return decoded;
    },
    wire: writtenByEventJson(data) ? data : null,
  };
}

/** The stored text of a logged event that has it in the wire form (see `StoredLoggedEvent.wire`), or null. */
export function wireOf(logged: { readonly event: ChatEvent | null }): string | null {
  return 'wire' in logged && typeof logged.wire === 'string' ? logged.wire : null;
}

/**
 * The log holds an event's data in one of two forms: `JSON.stringify(eventJson(event).d)` (the event
 * log adapter's), which is the wire form, or the text of PostgreSQL's `json_build_object` (the send
 * statement's `message.created`: `"key" : value`, and `"nonce" : null`), which is not. They differ
 * from the first key on: `JSON.stringify` puts the colon right after it.
 */
function writtenByEventJson(data: string): boolean {
  if (!data.startsWith('{"')) return false;
  for (let at = 2; at < data.length; at += 1) {
    if (data[at] === '\\') at += 1;
    else if (data[at] === '"') return data[at + 1] === ':';
  }
  return false;
}

/** `eventJson` read back; throws on data that no version of `eventJson` wrote. */
export function eventFromJson(t: string, data: unknown): ChatEvent {
  const d = obj(data);
  switch (t) {
    case 'message.created':
      return { type: t, serverId: str(d.serverId), message: messageFromJson(d), nonce: d.nonce === undefined || d.nonce === null ? null : str(d.nonce) };
    case 'message.updated':
      return { type: t, serverId: str(d.serverId), message: messageFromJson(d) };
    case 'message.deleted':
      return { type: t, serverId: str(d.serverId), channelId: str(d.channelId), messageId: str(d.id) };
    case 'reaction.added':
    case 'reaction.removed':
      return {
        type: t,
        serverId: str(d.serverId),
        channelId: str(d.channelId),
        userId: str(d.userId),
        reaction: { messageId: str(d.messageId), emoji: str(d.emoji), count: num(d.count) },
      };
    case 'reaction.cleared':
      return { type: t, serverId: str(d.serverId), channelId: str(d.channelId), messageId: str(d.messageId), emoji: str(d.emoji) };
    case 'member.joined': {
      const user = obj(d.user);
      return {
        type: t,
        member: { serverId: str(d.serverId), userId: str(d.userId), joinedAt: date(d.joinedAt), user: { id: str(user.id), username: str(user.username) } },
      };
    }
    case 'member.left':
      // A reason a newer version adds is still a leave here: fail closed.
      return { type: t, serverId: str(d.serverId), userId: str(d.userId), reason: d.reason === 'kick' || d.reason === 'ban' ? d.reason : 'leave' };
    case 'channel.created':
      return { type: t, channel: { id: str(d.id), serverId: str(d.serverId), name: str(d.name), createdAt: date(d.createdAt) } };
    case 'server.updated':
      return {
        type: t,
        server: {
          id: str(d.id),
          name: str(d.name),
          avatar: d.avatar === null ? null : str(d.avatar),
          banner: d.banner === null ? null : str(d.banner),
          verified: d.verified === true,
          defaultChannelId: str(d.defaultChannelId),
          ownerId: str(d.ownerId),
          createdAt: date(d.createdAt),
          membersCanInvite: d.membersCanInvite === true,
        },
      };
    case 'server.deleted':
      return { type: t, serverId: str(d.serverId) };
    case 'session.revoked':
      return {
        type: t,
        userId: str(d.userId),
        sessionId: d.sessionId === null ? null : str(d.sessionId),
        ...(d.exceptSessionId !== undefined ? { exceptSessionId: str(d.exceptSessionId) } : {}),
      };
    default:
      throw new TypeError(`unknown event type ${t}`);
  }
}

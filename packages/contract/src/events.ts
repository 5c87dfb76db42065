import type { ChatEventType } from '@chat/domain';
import { z } from 'zod';
import { UserSummaryResponse } from './fields';
import { ConversationResponse } from './conversation';
import { MessageResponse } from './message';
import { ReadStateResponse } from './read-state';
import { ChannelResponse, MemberResponse, RoleResponse, ServerResponse } from './responses';
import { PresenceUpdatedEvent } from './signals';

/*
 * The data (`d`) of each dispatch, from the REST response schemas: the gateway describes what REST
 * describes, with `serverId` added so a client can route message and reaction events.
 */

const id = z.string().meta({ description: 'Snowflake id: a decimal string, ordered by creation time' });
const cursor = z.string().meta({ description: 'Opaque: send it back in `resume` to continue after this point' });
const serverId = id.optional().meta({ description: 'The server; left out in a direct conversation' });

export const MessageEvent = MessageResponse.extend({
  serverId,
  nonce: z.string().optional().meta({ description: 'The sender’s nonce from the POST, when it gave one' }),
}).meta({ id: 'MessageEvent', description: 'The REST Message, plus serverId (left out in a direct conversation; and nonce on message.created); `reacted` is always false in events' });

export const MessageDeletedEvent = z.object({ id, channelId: id, serverId }).meta({ id: 'MessageDeletedEvent' });

export const MessagePinEvent = z
  .object({ channelId: id, serverId, messageId: id, pinnedBy: id.meta({ description: 'Who pinned it (message.pinned) or unpinned it (message.unpinned)' }) })
  .meta({ id: 'MessagePinEvent', description: 'A message was pinned in its channel, or unpinned: its `pinned` is now true, or false' });

export const ReactionEvent = z
  .object({ messageId: id, channelId: id, serverId, emoji: z.string(), count: z.number().int(), userId: id })
  .meta({ id: 'ReactionEvent', description: 'The emoji’s count after the change, and who reacted or un-reacted' });

export const ReactionClearedEvent = z
  .object({ messageId: id, channelId: id, serverId, emoji: z.string() })
  .meta({ id: 'ReactionClearedEvent', description: 'The owner took every reaction of this emoji off the message: its count is now 0' });

export const MemberLeftEvent = z
  .object({ serverId: id, userId: id, reason: z.enum(['leave', 'kick', 'ban']) })
  .meta({
    id: 'MemberLeftEvent',
    description: 'A leave, or a kick or ban by the owner. The member who left gets their own, and then no further event of that server. Read an unknown reason as a leave',
  });

export const RoleDeletedEvent = z
  .object({ id, serverId: id })
  .meta({ id: 'RoleDeletedEvent', description: 'The role is gone: no member holds it any more (no member.updated is sent for that), and the roles above it moved down one' });

export const MemberUpdatedEvent = z
  .object({ serverId: id, userId: id, roleIds: z.array(id).meta({ description: 'Every role the member holds now, lowest position first (@everyone not among them)' }) })
  .meta({ id: 'MemberUpdatedEvent', description: "A role was assigned to the member or taken away" });
export const ChannelDeletedEvent = z
  .object({ id, serverId })
  .meta({
    id: 'ChannelDeletedEvent',
    description: 'The channel is gone with its messages, or out of your sight (a role or an overwrite changed), or you left or were removed from a group conversation: nothing more of it follows',
  });

/** A server's channel, or a direct conversation (`type` dm or group, no `serverId`). */
export const AnyChannel = z.union([ChannelResponse, ConversationResponse]).meta({ id: 'AnyChannel', description: "A server's channel, or a direct conversation (with `type` and `recipients`, no `serverId`)" });

export const UserUpdatedEvent = UserSummaryResponse.meta({
  id: 'UserUpdatedEvent',
  description: 'A user changed their username, display name or avatar: sent to them (every session) and once to each connection that shares a server with them',
});

export const ServerDeletedEvent = z
  .object({ serverId: id })
  .meta({ id: 'ServerDeletedEvent', description: 'The owner deleted the server with everything in it: the last event of that server' });

export const ReadStateUpdatedEvent = z
  .object({
    channelId: id,
    lastReadMessageId: id,
    mentionCount: ReadStateResponse.shape.mentionCount.meta({ description: 'The mentions of you still after it (0 when you marked the newest message)' }),
  })
  .meta({
    id: 'ReadStateUpdatedEvent',
    description: 'You marked a channel or conversation read up to this message (PUT /api/channels/{channelId}/read): sent to every socket of yours, to no one else',
  });

/**
 * Every type a client can be sent, with its data: the one list of event types. The SDK's
 * `EVENT_TYPES` and `EventMap` are generated from it (through the AsyncAPI document), and it must
 * name every type of the domain's `ChatEvent` but the internal ones (`session.revoked`, `channel.hidden`; checked below).
 */
export const EVENT_DATA = {
  'message.created': MessageEvent,
  'message.updated': MessageEvent,
  'message.deleted': MessageDeletedEvent,
  'message.pinned': MessagePinEvent,
  'message.unpinned': MessagePinEvent,
  'reaction.added': ReactionEvent,
  'reaction.removed': ReactionEvent,
  'reaction.cleared': ReactionClearedEvent,
  'member.joined': MemberResponse,
  'member.left': MemberLeftEvent,
  'channel.created': AnyChannel,
  'role.created': RoleResponse,
  'role.updated': RoleResponse,
  'role.deleted': RoleDeletedEvent,
  'member.updated': MemberUpdatedEvent,
  'channel.updated': AnyChannel,
  'channel.deleted': ChannelDeletedEvent,
  'server.updated': ServerResponse,
  'server.deleted': ServerDeletedEvent,
  'user.updated': UserUpdatedEvent,
  'read_state.updated': ReadStateUpdatedEvent,
} as const satisfies Record<Exclude<ChatEventType, Internal>, z.ZodType>;

/** Sent to no client: it closes sockets. Described here because the log keeps it in this form. */
export const SessionRevokedData = z.object({
  userId: id,
  sessionId: id.nullable().meta({ description: 'Null: every session of the user' }),
  exceptSessionId: id.optional().meta({ description: 'With sessionId null: every session but this one' }),
});

/**
 * Sent to no client: a member is kept out of a channel they never saw (they are joining, or it is
 * new); the gateway then sends them nothing of it.
 */
export const ChannelHiddenData = z.object({ id, serverId: id, userId: id });

/** The types the log keeps that no client is sent as they are (`channel.lost` and `channel.shown` go out under a client type). */
type Internal = 'session.revoked' | 'channel.hidden' | 'channel.lost' | 'channel.shown' | 'conversation.opened' | 'conversation.updated' | 'conversation.closed';

/** One member's loss or gain of sight of a channel, as the log keeps it: the client's data, and the member. */
export const ChannelLostData = ChannelDeletedEvent.extend({ userId: id });
export const ChannelShownData = ChannelResponse.extend({ userId: id });

/** One recipient came into a conversation, or out of it, as the log keeps it (sent as channel.created, channel.deleted). */
export const ConversationOpenedData = ConversationResponse.extend({ userId: id });
export const ConversationClosedData = z.object({ id, userId: id });
/** A user's change as the log keeps it: the client's data, and the user's servers then (who may hear it; never sent). */
export const UserUpdatedData = UserSummaryResponse.extend({ serverIds: z.array(id) });
/** A read marker moved, as the log keeps it: the client's data, and whose it is. */
export const ReadStateUpdatedData = ReadStateUpdatedEvent.extend({ userId: id });

/** What the event log keeps of each type, the client's events and the internal ones: exactly the domain's types. */
export const LOGGED_EVENT_DATA = {
  ...EVENT_DATA,
  'session.revoked': SessionRevokedData,
  'channel.hidden': ChannelHiddenData,
  'channel.lost': ChannelLostData,
  'channel.shown': ChannelShownData,
  'conversation.opened': ConversationOpenedData,
  'conversation.updated': ConversationResponse,
  'conversation.closed': ConversationClosedData,
  'user.updated': UserUpdatedData,
  'read_state.updated': ReadStateUpdatedData,
} as const satisfies Record<ChatEventType, z.ZodType>;

export type EventType = keyof typeof EVENT_DATA;
export type LoggedEventType = keyof typeof LOGGED_EVENT_DATA;

/** Whether this version knows the type (false: a newer version's, which it does not send). */
export const isLoggedEventType = (type: string): type is LoggedEventType => Object.hasOwn(LOGGED_EVENT_DATA, type);

/** `t` and `d` of an event as the wire and the log carry it, one member per type. */
export type EventJson = { [T in LoggedEventType]: { readonly t: T; readonly d: z.output<(typeof LOGGED_EVENT_DATA)[T]> } }[LoggedEventType];

/** `t` and `d` of an event as a client is sent it (see `clientEventJson`). */
export type ClientEventJson = { [T in EventType]: { readonly t: T; readonly d: z.output<(typeof EVENT_DATA)[T]> } }[EventType];

/** Compile-time: the contract's list and the domain's union are the same set, both ways. */
const sameTypes: [ChatEventType, LoggedEventType] extends [LoggedEventType, ChatEventType] ? true : never = true;
void sameTypes;

export const ReadyData = z
  .object({
    user: UserSummaryResponse,
    cursor,
    servers: z.array(
      ServerResponse.extend({
        channels: z.array(ChannelResponse).optional().meta({
          description: 'By position, then id. Left out for the servers past the first 1,000 channels (over all servers, in this order): read those with GET /api/servers/{serverId}/channels',
        }),
      }).meta({ id: 'ServerWithChannels' }),
    ),
    privateChannels: z.array(ConversationResponse).meta({
      description: 'Your direct conversations, the most recently active first, at most 100: read the rest with GET /api/users/@me/channels',
    }),
    readStates: z.array(ReadStateResponse).meta({
      description: 'Where you have something unread, as GET /api/users/@me/read-states answers, at the moment of the cursor',
    }),
    presences: z.array(PresenceUpdatedEvent).meta({
      description:
        'Who shows online, idle or dnd (anyone not listed: offline) among the members of your servers of up to 1,000 members (or up to the deployment\'s PRESENCE_FAN_OUT_MAX_MEMBERS when that is lower) and the recipients of your conversations, you excepted. presence.updated follows each change of those listed. For a larger server: GET /api/servers/{serverId}/members?presence=true',
    }),
  })
  .meta({ id: 'ReadyData' });

export const dispatchSchema = (type: string, data: z.ZodType) =>
  z.object({ op: z.literal('dispatch'), t: z.literal(type), cursor, d: data });

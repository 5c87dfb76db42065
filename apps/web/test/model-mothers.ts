import type { Channel, Member, Message, Server } from '@chat/client';
import { signedIn, signedOut, type ChatState, type Conversation, type GatewayEvent, type ListedChannel, type Role, type ServerState, type Step } from '../src/model/state.js';
import { applyEvent } from '../src/model/events.js';

/** Test data for the page's model: a signed-in person with one open server and channel. */
export const me = { id: '100', username: 'alice', displayName: null, avatar: null };
export const bob = { id: '200', username: 'bob', displayName: null, avatar: null };
export const cara = { id: '300', username: 'cara', displayName: null, avatar: null };

export const server = (overrides: Partial<Server> = {}): Server => ({
  id: '10',
  name: 'Home',
  avatar: null,
  banner: null,
  verified: false,
  defaultChannelId: '11',
  ownerId: me.id,
  createdAt: '2026-01-01T00:00:00.000Z',
  membersCanInvite: false,
  ...overrides,
});

export const channel = (overrides: Partial<Channel> = {}): Channel => ({
  id: '11',
  serverId: '10',
  name: 'general',
  topic: null,
  position: 0,
  permissionOverwrites: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** A channel as the list gives it, with a plain member's permissions unless told. */
export const listed = (overrides: Partial<ListedChannel> = {}): ListedChannel => ({
  ...channel(),
  permissions: ['VIEW_CHANNEL', 'SEND_MESSAGES', 'ADD_REACTIONS', 'ATTACH_FILES'],
  ...overrides,
});

export const member = (user: { id: string; username: string; displayName?: string | null; avatar?: string | null }, serverId = '10', roleIds: string[] = []): Member => ({
  userId: user.id,
  serverId,
  joinedAt: '2026-01-01T00:00:00.000Z',
  user: { displayName: null, avatar: null, ...user },
  roleIds,
});

/** `@everyone` of server 10 as a new server has it. */
export const everyone = (overrides: Partial<Role> = {}): Role => ({
  id: '10',
  serverId: '10',
  name: '@everyone',
  color: null,
  position: 0,
  permissions: ['VIEW_CHANNEL', 'SEND_MESSAGES', 'ADD_REACTIONS', 'ATTACH_FILES'],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const role = (id: string, position: number, overrides: Partial<Role> = {}): Role => ({
  id,
  serverId: '10',
  name: `role ${id}`,
  color: null,
  position,
  permissions: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

export const message = (id: string, overrides: Partial<Message> = {}): Message => ({
  id,
  channelId: '11',
  content: `message ${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  editedAt: null,
  mentions: [],
  mentionRoles: [],
  mentionEveryone: false,
  attachments: [],
  replyTo: null,
  pinned: false,
  author: bob,
  reactions: [],
  ...overrides,
});

export const serverState = (overrides: Partial<ServerState> = {}): ServerState => ({
  ...server(),
  channels: [listed()],
  channelReads: 0,
  channelsShown: 0,
  members: [member(me), member(bob)],
  roles: [everyone()],
  ...overrides,
});

/** Signed in as `me`, with the server open, its channel open and these messages loaded. */
export function openChannelState(messages: Message[] = [], servers: ServerState[] = [serverState()]): ChatState {
  return { ...signedIn(signedOut, me), servers: new Map(servers.map((s) => [s.id, s])), serverId: '10', channelId: '11', messages };
}

/** Applies events one after the other; the last step's effects are what the last event asked for. */
export function applyAll(state: ChatState, ...events: GatewayEvent[]): Step {
  let result: Step = { state, effects: [] };
  for (const event of events) result = applyEvent(result.state, event);
  return result;
}

/** A one-to-one of `me` and bob (id 500), or with these overrides (a group: `type`, `ownerId`, `name`, `recipients`). */
export const conversation = (overrides: Partial<Conversation> = {}): Conversation => ({
  id: '500',
  type: 'dm',
  recipients: [me, bob],
  lastMessageId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** A group of `me` (its owner), bob and cara, named unless told. */
export const group = (overrides: Partial<Conversation> = {}): Conversation =>
  conversation({ id: '600', type: 'group', ownerId: me.id, name: 'Book friends', recipients: [me, bob, cara], ...overrides });

/** Signed in as `me`, in server 10 (not open), with these conversations and the one-to-one (500) open. */
export function openConversationState(conversations: Conversation[] = [conversation()], messages: Message[] = []): ChatState {
  return { ...signedIn(signedOut, me), servers: new Map([['10', serverState()]]), conversations, channelId: '500', messages };
}

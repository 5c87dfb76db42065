/** The servers this person sees, their channels and members (pure, see `state.ts`). */
import type { GatewayEvents, Member, Ready, Server } from '@chat/client';
import { conversationsLoaded } from './conversations.js';
import { presencesLoaded } from './presence.js';
import { readStatesLoaded } from './read-states.js';
import { ifOpen, openConversationOf, step, when, unchanged, withServer, type ChatState, type Effect, type ServerState, type Step } from './state.js';

/** `ready` lists at most this many conversations (the most recent): fewer means all of them. */
export const READY_CONVERSATIONS = 100;

/**
 * The servers and conversations as `ready` lists them. The channels it gives are left aside: they
 * carry no permissions (and may include channels this viewer cannot see); a server's are read over
 * REST when it is opened. What was already read of a server (channels, members, roles) is kept. What
 * is open is opened again when events were missed (`invalid_session`); when it is gone (or nothing
 * was open), the first server opens.
 */
export function ready(state: ChatState, { user, servers, privateChannels, readStates, presences, reason }: Ready): Step {
  const entries = servers.map(({ channels: _unlisted, ...server }): [string, ServerState] => {
    const known = state.servers.get(server.id);
    return [server.id, { ...server, channels: known?.channels ?? [], channelReads: known?.channelReads ?? 0, channelsShown: known?.channelsShown ?? 0, members: known?.members, roles: known?.roles }];
  });
  // This person as they are now (renamed in another tab while this one was away, say).
  const me = state.me?.id === user.id ? user : state.me;
  const talks = conversationsLoaded({ ...state, me, servers: new Map(entries) }, privateChannels, privateChannels.length < READY_CONVERSATIONS);
  const read = readStatesLoaded(presencesLoaded(talks.state, presences).state, readStates);
  const next = read.state;
  // Which server opens, if any, is decided here (not by a conversation that closed).
  const effects: Effect[] = [{ kind: 'status', text: 'Connected' }, { kind: 'me' }, { kind: 'servers' }, ...talks.effects.filter(({ kind }) => kind !== 'open-server'), ...when(next.serverId !== undefined, { kind: 'channels' }), ...read.effects.filter(({ kind }) => kind === 'mark-read')];
  const talking = openConversationOf(next);
  const openId = state.serverId;
  const stillThere = openId !== undefined && next.servers.has(openId);
  const first = servers[0];
  if (talking) effects.push(...when(reason === 'invalid_session', { kind: 'open-conversation', conversationId: talking.id }));
  else if (!stillThere) effects.push(first ? { kind: 'open-server', serverId: first.id, action: 'Opening the server' } : { kind: 'server' });
  // Events were missed while away: what is shown is fetched again.
  else if (reason === 'invalid_session') effects.push({ kind: 'open-server', serverId: openId, channelId: state.channelId, action: 'Catching up' });
  return { state: next, effects };
}

/** Forgets a server this account no longer sees (left, removed, or deleted). */
export function dropServer(state: ChatState, serverId: string): Step {
  const servers = new Map(state.servers);
  servers.delete(serverId);
  if (state.serverId !== serverId) return step({ ...state, servers }, { kind: 'servers' });
  return step({ ...state, servers, serverId: undefined, channelId: undefined }, { kind: 'servers' }, { kind: 'server' });
}

export function serverDeleted(state: ChatState, { serverId }: GatewayEvents['server.deleted']): Step {
  const server = state.servers.get(serverId);
  if (!server) return unchanged(state);
  const { state: next, effects } = dropServer(state, serverId);
  return step(next, { kind: 'status', text: `${server.name} was deleted` }, ...effects);
}

export function serverUpdated(state: ChatState, update: GatewayEvents['server.updated']): Step {
  const server = state.servers.get(update.id);
  if (!server) return unchanged(state);
  const next = withServer(state, { ...server, ...update });
  if (update.id !== state.serverId) return step(next, { kind: 'servers' });
  // The owner holds every permission in every channel: a transfer changes them for two people.
  const ownerChanged = server.ownerId !== update.ownerId;
  return step(next, { kind: 'servers' }, { kind: 'server' }, ...when(ownerChanged, { kind: 'fetch-channels', serverId: update.id }));
}

export function memberJoined(state: ChatState, member: GatewayEvents['member.joined']): Step {
  const server = state.servers.get(member.serverId);
  // This account joined elsewhere (another tab): the server it joined is read.
  if (!server) return member.userId === state.me?.id ? step(state, { kind: 'fetch-server', serverId: member.serverId }) : unchanged(state);
  // An arrival before the list it would join: the list is read again.
  if (!server.members) return step(state, ...when(member.serverId === state.serverId, { kind: 'fetch-members', serverId: member.serverId }));
  if (server.members.some(({ userId }) => userId === member.userId)) return step(state, ...ifOpen(state, server.id, 'members'));
  // What a newcomer shows comes with no event: the open server's list is read again with it, once per burst of arrivals.
  const presence = when(member.serverId === state.serverId, { kind: 'fetch-members-soon', serverId: member.serverId });
  return step(withServer(state, { ...server, members: [...server.members, member] }), ...ifOpen(state, server.id, 'members'), ...presence);
}

export function memberLeft(state: ChatState, { serverId, userId, reason }: GatewayEvents['member.left']): Step {
  const server = state.servers.get(serverId);
  if (!server) return unchanged(state);
  if (userId === state.me?.id) {
    const { state: next, effects } = dropServer(state, serverId);
    const words = reason === 'kick' ? `You were removed from ${server.name}` : reason === 'ban' ? `You were banned from ${server.name}` : '';
    return step(next, ...when(words !== '', { kind: 'status', text: words }), ...effects);
  }
  const members = server.members?.filter((member) => member.userId !== userId);
  return step(withServer(state, { ...server, members }), ...ifOpen(state, serverId, 'members'));
}

/** A server read over REST (created, joined). Creating or joining and this account's own `member.joined` may both add it: the first one stays. */
export function serverAdded(state: ChatState, server: Server): Step {
  if (state.servers.has(server.id)) return unchanged(state);
  return step(withServer(state, { ...server, channels: [], channelReads: 0, channelsShown: 0 }), { kind: 'servers' });
}

export function serverOpened(state: ChatState, serverId: string): Step {
  if (!state.servers.has(serverId)) return unchanged(state);
  // A conversation that was open is no longer (the open channel is this server's from now on).
  return step({ ...state, serverId }, { kind: 'servers' }, { kind: 'server' }, { kind: 'conversations' }, { kind: 'conversation' });
}

export function membersLoaded(state: ChatState, serverId: string, members: readonly Member[]): Step {
  const server = state.servers.get(serverId);
  if (!server) return unchanged(state);
  // The viewer's own roles are among them: the server's controls follow. An open group's "Add someone" lists them.
  return step(withServer(state, { ...server, members }), ...ifOpen(state, serverId, 'server'), ...when(openConversationOf(state) !== undefined, { kind: 'conversation' }));
}

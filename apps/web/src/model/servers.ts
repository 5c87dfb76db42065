/** The servers this person sees, their channels and members (pure, see `state.ts`). */
import type { Channel, GatewayEvents, Member, Ready, Server } from '@chat/client';
import { ifOpen, step, when, unchanged, withServer, type ChatState, type Effect, type ServerState, type Step } from './state.js';

/**
 * The servers as `ready` lists them. A server whose channels `ready` left out has them read over
 * REST when it is opened; the members already read are kept. The open server is opened again when
 * events were missed (`invalid_session`), or the first one is opened when the open one is gone.
 */
export function ready(state: ChatState, { servers, reason }: Ready): Step {
  const entries = servers.map((server): [string, ServerState] => [
    server.id,
    { ...server, channels: server.channels ?? [], channelsPending: !server.channels, members: state.servers.get(server.id)?.members },
  ]);
  const next: ChatState = { ...state, servers: new Map(entries) };
  const effects: Effect[] = [{ kind: 'status', text: 'Connected' }, { kind: 'servers' }];
  const openId = state.serverId;
  const stillThere = openId !== undefined && next.servers.has(openId);
  const first = servers[0];
  if (!stillThere) effects.push(first ? { kind: 'open-server', serverId: first.id, action: 'Opening the server' } : { kind: 'server' });
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
  // A new owner may delete anyone's message; the old one no longer may.
  const ownerChanged = server.ownerId !== update.ownerId;
  return step(next, { kind: 'servers' }, { kind: 'server' }, ...when(ownerChanged, { kind: 'every-message' }));
}

export function memberJoined(state: ChatState, member: GatewayEvents['member.joined']): Step {
  const server = state.servers.get(member.serverId);
  // This account joined elsewhere (another tab): the server it joined is read.
  if (!server) return member.userId === state.me?.id ? step(state, { kind: 'fetch-server', serverId: member.serverId }) : unchanged(state);
  // An arrival before the list it would join: the list is read again.
  if (!server.members) return step(state, ...when(member.serverId === state.serverId, { kind: 'fetch-members', serverId: member.serverId }));
  if (server.members.some(({ userId }) => userId === member.userId)) return step(state, ...ifOpen(state, server.id, 'members'));
  return step(withServer(state, { ...server, members: [...server.members, member] }), ...ifOpen(state, server.id, 'members'));
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

/** A new channel, from the gateway or this person's own creation: listed once. */
export function channelCreated(state: ChatState, channel: Channel): Step {
  const server = state.servers.get(channel.serverId);
  if (!server || server.channels.some(({ id }) => id === channel.id)) return unchanged(state);
  return step(withServer(state, { ...server, channels: [...server.channels, channel] }), ...ifOpen(state, server.id, 'channels'));
}

/** A server read over REST (created, joined). Creating or joining and this account's own `member.joined` may both add it: the first one stays. */
export function serverAdded(state: ChatState, server: Server, channels: readonly Channel[]): Step {
  if (state.servers.has(server.id)) return unchanged(state);
  return step(withServer(state, { ...server, channels, channelsPending: false }), { kind: 'servers' });
}

export function serverOpened(state: ChatState, serverId: string): Step {
  if (!state.servers.has(serverId)) return unchanged(state);
  return step({ ...state, serverId }, { kind: 'servers' }, { kind: 'server' });
}

export function membersLoaded(state: ChatState, serverId: string, members: readonly Member[]): Step {
  const server = state.servers.get(serverId);
  if (!server) return unchanged(state);
  return step(withServer(state, { ...server, members }), ...ifOpen(state, serverId, 'members'));
}

/** The channels `ready` left out, read when the server was opened. */
export function channelsLoaded(state: ChatState, serverId: string, channels: readonly Channel[]): Step {
  const server = state.servers.get(serverId);
  if (!server) return unchanged(state);
  return step(withServer(state, { ...server, channels, channelsPending: false }), ...ifOpen(state, serverId, 'server'));
}

/**
 * A server's channel list, read over REST with the viewer's permissions in each channel, and the
 * gateway's channel events (pure, see `state.ts`). The events carry no permissions, and may name a
 * channel this viewer cannot see (or, once delivery is per viewer, one they just gained or lost
 * sight of): they only make the page read the list again; a deletion is shown at once.
 */
import type { Channel } from '@chat/client';
import { refetchIfOpen, step, unchanged, when, withServer, type ChatState, type Effect, type ListedChannel, type ServerState, type Step } from './state.js';

/** A read of the list begins; it is numbered `channelReads` (after this step), in the order reads begin. */
export function channelsReading(state: ChatState, serverId: string): Step {
  const server = state.servers.get(serverId);
  return server ? unchanged(withServer(state, { ...server, channelReads: server.channelReads + 1 })) : unchanged(state);
}

/**
 * The read numbered `read` came back. It is shown unless a read that began after it was shown
 * already (answers may come back out of order): an answer is never held back for one still on its
 * way, so an action waiting for its own read (a channel just created, to open) finds what it read.
 */
export function channelsLoaded(state: ChatState, serverId: string, channels: readonly ListedChannel[], read: number): Step {
  const server = state.servers.get(serverId);
  if (!server || read <= server.channelsShown) return unchanged(state);
  const next = withServer(state, { ...server, channels, channelsShown: read });
  if (serverId !== state.serverId) return unchanged(next);
  const before = server.channels.find(({ id }) => id === state.channelId);
  const after = channels.find(({ id }) => id === state.channelId);
  if (before && !after) return channelGone(next, `You can no longer see #${before.name}`);
  const changedPowers = before && after && before.permissions.join() !== after.permissions.join();
  return step(next, { kind: 'server' }, ...when(after !== undefined, { kind: 'channel-header' }), ...when(changedPowers === true, { kind: 'every-message' }));
}

/** No channel is open (the server has none this viewer can see): the panel is hidden; a page on its way is dropped. */
export const channelClosed = (state: ChatState): Step =>
  step({ ...state, channelId: undefined, opening: state.opening + 1, messages: [], editing: undefined, waiting: [] }, { kind: 'channel' });

/** The open channel left the list (deleted, or out of sight): its panel closes and the server's default (or first) channel opens. */
function channelGone(state: ChatState, words: string): Step {
  const server = state.serverId ? state.servers.get(state.serverId) : undefined;
  const next = server?.channels.find(({ id }) => id === server.defaultChannelId) ?? server?.channels[0];
  const closed = channelClosed(state);
  const effects: Effect[] = [{ kind: 'status', text: words }, ...closed.effects, { kind: 'server' }];
  return step(closed.state, ...effects, ...(next ? [{ kind: 'open-channel' as const, channelId: next.id }] : []));
}

/** A new channel, or one renamed, moved or with new overwrites: the open server's list is read again. */
export function channelChanged(state: ChatState, channel: Pick<Channel, 'serverId'>): Step {
  return state.servers.has(channel.serverId) ? step(state, ...refetchIfOpen(state, channel.serverId)) : unchanged(state);
}

/** A channel is gone (or, to this viewer, out of sight): off the list at once, and the list is read again. */
export function channelDeleted(state: ChatState, { id, serverId }: { readonly id: string; readonly serverId: string }): Step {
  const server = state.servers.get(serverId);
  if (!server) return unchanged(state);
  const gone = server.channels.find((channel) => channel.id === id);
  const next = withServer(state, { ...server, channels: server.channels.filter((channel) => channel.id !== id) } satisfies ServerState);
  const refetch = refetchIfOpen(state, serverId);
  if (serverId !== state.serverId) return unchanged(next);
  if (gone && id === state.channelId) {
    const closed = channelGone(next, `#${gone.name} was deleted`);
    return step(closed.state, ...closed.effects, ...refetch);
  }
  return step(next, { kind: 'channels' }, ...refetch);
}

/** A server's channels over REST: read with this viewer's permissions in each, created, made private. */
import { ok } from '@chat/client';
import { channelsLoaded, channelsReading } from '../model/channels.js';
import { serverPermissions } from '../model/permissions.js';
import { privateChannelOverwrites } from '../model/private-channel.js';
import type { Page } from '../page.js';
import { openChannel } from './messages.js';

/** Reads the server's channels; an answer that a later read overtook is dropped (`channelsLoaded`). */
export async function readChannels(page: Page, serverId: string): Promise<void> {
  if (!page.state.servers.has(serverId)) return;
  page.apply(channelsReading(page.state, serverId));
  const read = page.state.servers.get(serverId)?.channelReads ?? 0;
  const channels = await ok(page.client().GET('/api/servers/{serverId}/channels', { params: { path: { serverId } } }));
  page.apply(channelsLoaded(page.state, serverId, channels, read));
}

/**
 * Creates a channel and opens it; `private`: created with the overwrites `privateChannelOverwrites`
 * lists, in the same call, so it is private from its first moment (or, refused, not made at all).
 */
export async function createChannel(page: Page, serverId: string, name: string, makePrivate: boolean): Promise<void> {
  const me = page.state.me?.id ?? '';
  const permissionOverwrites = makePrivate ? privateChannelOverwrites(serverId, me, serverPermissions(page.state.servers.get(serverId), me)) : undefined;
  const body = permissionOverwrites ? { name, permissionOverwrites } : { name };
  const channel = await ok(page.client().POST('/api/servers/{serverId}/channels', { params: { path: { serverId } }, body }));
  page.el.newChannelName.value = '';
  page.el.newChannelPrivate.checked = false;
  await readChannels(page, serverId);
  await openChannel(page, channel.id);
}

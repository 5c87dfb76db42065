/** A server's channels over REST: read with this viewer's permissions in each, created, made private. */
import { ok } from '@chat/client';
import { channelsLoaded, channelsReading } from '../model/channels.js';
import { serverPermissions } from '../model/permissions.js';
import { privateChannelOverwrites } from '../model/private-channel.js';
import type { Page } from '../page.js';
import { PartlyDone } from '../words.js';
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
 * Creates a channel and opens it; `private`: then keeps it to its creator (and the owner and
 * administrators), by the overwrites `privateChannelOverwrites` lists, one after the other. Should one
 * be refused, the channel is there, visible to everyone, and the error says so.
 */
export async function createChannel(page: Page, serverId: string, name: string, makePrivate: boolean): Promise<void> {
  const channel = await ok(page.client().POST('/api/servers/{serverId}/channels', { params: { path: { serverId } }, body: { name } }));
  page.el.newChannelName.value = '';
  page.el.newChannelPrivate.checked = false;
  let failure: PartlyDone | undefined;
  if (makePrivate) {
    const me = page.state.me?.id ?? '';
    const held = serverPermissions(page.state.servers.get(serverId), me);
    try {
      for (const { targetId, body } of privateChannelOverwrites(serverId, me, held)) {
        await ok(page.client().PUT('/api/channels/{channelId}/permissions/{targetId}', { params: { path: { channelId: channel.id, targetId } }, body }));
      }
    } catch (error) {
      failure = new PartlyDone(`#${channel.name} was created, but everyone can see it.`, 'Making it private', error);
    }
  }
  await readChannels(page, serverId);
  await openChannel(page, channel.id);
  if (failure) throw failure;
}

/** Pins over REST: read a channel's pinned messages for the panel, pin and unpin. */
import { ok, type Message } from '@chat/client';
import { pinsLoaded, pinsPanelChanged, pinToggled } from '../model/pins.js';
import type { Page } from '../page.js';

/** The channel's pinned messages, most recently pinned first; an answer for a panel closed (or moved) since is dropped. */
export async function readPins(page: Page, channelId: string): Promise<void> {
  const messages = await ok(page.client().GET('/api/channels/{channelId}/pins', { params: { path: { channelId } } }));
  page.apply(pinsLoaded(page.state, channelId, messages));
}

/**
 * Pins or unpins. The message and the panel change at once for this person (the gateway's
 * `message.pinned`/`message.unpinned`, which tells everyone else, then changes nothing more).
 */
export async function setPinned(page: Page, message: Message, pinned: boolean): Promise<void> {
  const path = { channelId: message.channelId, messageId: message.id };
  if (pinned) await ok(page.client().PUT('/api/channels/{channelId}/pins/{messageId}', { params: { path } }));
  else await ok(page.client().DELETE('/api/channels/{channelId}/pins/{messageId}', { params: { path } }));
  const event = { channelId: message.channelId, messageId: message.id, pinnedBy: page.state.me?.id ?? '' };
  page.apply(pinToggled(page.state, message.id, pinned));
  page.apply(pinsPanelChanged(page.state, event, pinned));
}

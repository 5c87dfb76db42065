/**
 * Pins (pure, see `state.ts`): the pins panel of the open channel, and `pinned` on loaded messages,
 * kept in step by `message.pinned` and `message.unpinned`.
 */
import type { GatewayEvents, Message } from '@chat/client';
import { changeMessage } from './messages.js';
import { messageOf, step, unchanged, type ChatState, type Step } from './state.js';

type PinEvent = GatewayEvents['message.pinned'];

/** The panel opens on the open channel, empty until its pins are read. */
export function pinsOpened(state: ChatState): Step {
  const channelId = state.channelId;
  if (channelId === undefined) return unchanged(state);
  return step({ ...state, pins: { channelId, messages: [], loaded: false } }, { kind: 'pins' }, { kind: 'fetch-pins', channelId });
}

export const pinsClosed = (state: ChatState): Step => (state.pins ? step({ ...state, pins: undefined }, { kind: 'pins' }) : unchanged(state));

/** The channel's pins as read; dropped when the panel was closed or shows another channel by now. */
export function pinsLoaded(state: ChatState, channelId: string, messages: readonly Message[]): Step {
  if (state.pins?.channelId !== channelId) return unchanged(state);
  return step({ ...state, pins: { channelId, messages, loaded: true } }, { kind: 'pins' });
}

/**
 * A message was pinned or unpinned (by anyone, this person included). The panel, when it shows the
 * channel, takes an unpinned one out at once and reads the list again for a new pin (it comes first,
 * with its text as it is now). A loaded message's `pinned` changes as soon as no page is on its way
 * (`whenLoaded` in `events.ts`): this part is all `pinToggled` does.
 */
export function pinsPanelChanged(state: ChatState, event: PinEvent, pinned: boolean): Step {
  const pins = state.pins;
  if (pins?.channelId !== event.channelId) return unchanged(state);
  return pinned ? step(state, { kind: 'fetch-pins', channelId: event.channelId }) : pinnedMessageGone(state, event.channelId, event.messageId);
}

/** A loaded message's `pinned` (its Pin or Unpin button, and its mark). */
export const pinToggled = (state: ChatState, messageId: string, pinned: boolean): Step =>
  messageOf(state, messageId)?.pinned === pinned ? unchanged(state) : changeMessage(state, messageId, (message) => ({ ...message, pinned }));

/** A message unpinned, or deleted, leaves the panel. */
export function pinnedMessageGone(state: ChatState, channelId: string, messageId: string): Step {
  const pins = state.pins;
  if (pins?.channelId !== channelId || !pins.messages.some(({ id }) => id === messageId)) return unchanged(state);
  return step({ ...state, pins: { ...pins, messages: pins.messages.filter(({ id }) => id !== messageId) } }, { kind: 'pins' });
}

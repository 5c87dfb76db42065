/**
 * Which stretch of the open channel's history is loaded (pure, see `state.ts`): the newest page
 * when a channel opens, or the page around a message jumped to, walked from in both directions.
 */
import type { Message } from '@chat/client';
import { addMessages } from './messages.js';
import { newSinceOnOpening } from './read-states.js';
import { step, type ChatState, type Step } from './state.js';

/** The state of a channel (or conversation) just opened: nothing loaded, its newest page on the way, earlier pages of it dropped. */
export const windowOpened = (state: ChatState, channelId: string): ChatState => ({
  ...state,
  channelId,
  newSince: newSinceOnOpening(state, channelId),
  opening: state.opening + 1,
  messages: [],
  reachedStart: false,
  reachedEnd: true,
  loadingNewer: false,
  highlighted: undefined,
  editing: undefined,
  waiting: [],
  completion: undefined,
  // A reply being written and the pins panel stay while the same channel shows another stretch (a jump); another channel's go.
  replying: state.replying?.channelId === channelId ? state.replying : undefined,
  pins: state.pins?.channelId === channelId ? state.pins : undefined,
});

/**
 * Which ends of the channel an `around` page reaches. The API takes the message, then an older and
 * a newer one in turn (the older first) until `limit`, and more of one side where the other runs out:
 * a side shorter than its half ran out. A page short of `limit` is the whole channel.
 */
export function aroundEnds(page: readonly Pick<Message, 'id'>[], messageId: string, limit: number): Pick<ChatState, 'reachedStart' | 'reachedEnd'> {
  if (page.length < limit) return { reachedStart: true, reachedEnd: true };
  const index = page.findIndex(({ id }) => id === messageId);
  if (index < 0) return { reachedStart: false, reachedEnd: false };
  return { reachedStart: index < Math.ceil((limit - 1) / 2), reachedEnd: page.length - 1 - index < Math.floor((limit - 1) / 2) };
}

/** A jump starts once the channel is opened: the page to come is an older stretch until it says otherwise, and the message is marked. */
export const jumpStarted = (state: ChatState, messageId: string): ChatState => ({ ...state, reachedEnd: false, highlighted: messageId });

/** The page around the message jumped to. */
export function aroundLoaded(state: ChatState, page: readonly Message[], messageId: string, limit: number): Step {
  return addMessages({ ...state, ...aroundEnds(page, messageId, limit) }, page);
}

/** A page just newer than the newest shown: one short of `limit` reaches the live end, after which live messages are added again. */
export function newerLoaded(state: ChatState, page: readonly Message[], limit: number): Step {
  return addMessages({ ...state, reachedEnd: page.length < limit }, page);
}

export const loadingNewer = (state: ChatState, loading: boolean): Step => step({ ...state, loadingNewer: loading }, { kind: 'history-edge' });

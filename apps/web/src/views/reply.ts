/** Replies and pins on a message: the quote above a reply, its Reply and Pin buttons, and the "Replying to" bar above the composer. */
import type { Message } from '@chat/client';
import { mayPin, maySend } from '../controls.js';
import { h } from '../dom.js';
import { openConversationOf } from '../model/state.js';
import { powersOf } from '../model/permissions.js';
import { nameOf } from '../model/people.js';
import { quoteOf } from '../model/replies.js';
import type { ViewContext } from './intents.js';

/** The one line above a reply: who and the start of what they wrote, a button to the original; or that it was deleted. */
export function quoteNode({ state, intents }: ViewContext, message: Message): HTMLElement | null {
  if (!message.replyTo) return null;
  const quote = quoteOf(state, message.replyTo);
  if (quote.kind === 'deleted') return h('p', { className: 'quote deleted' }, '↪ Original message was deleted');
  const originalId = message.replyTo.id;
  return h(
    'button',
    { type: 'button', className: 'quote', 'aria-label': `Reply to ${quote.name}: ${quote.text}. Go to the original message`, 'data-focus-key': 'quote', onclick: () => intents.jumpTo(message.channelId, originalId) },
    h('span', { 'aria-hidden': 'true' }, '↪'),
    h('strong', {}, quote.name),
    h('span', { className: 'quote-text' }, quote.text),
  );
}

/** "Pinned", beside the time of a pinned message. */
export const pinnedMark = (message: Message): HTMLSpanElement | null => (message.pinned ? h('span', { className: 'pinned-mark' }, ' · 📌 Pinned') : null);

/** Reply where this person may send; Pin or Unpin where they may pin (MANAGE_MESSAGES, or anyone in a conversation). */
export function replyAndPinButtons({ state, intents }: ViewContext, message: Message): HTMLButtonElement[] {
  const { channel } = powersOf(state);
  const buttons: HTMLButtonElement[] = [];
  if (maySend(channel)) buttons.push(h('button', { type: 'button', 'data-focus-key': 'reply', onclick: () => intents.reply(message) }, 'Reply'));
  if (mayPin(channel, openConversationOf(state) !== undefined)) {
    const pin = !message.pinned;
    buttons.push(h('button', { type: 'button', 'data-focus-key': 'pin', 'aria-pressed': String(message.pinned), onclick: () => intents.setPinned(message, pin) }, pin ? 'Pin' : 'Unpin'));
  }
  return buttons;
}

/** The bar above the composer while a reply is written: whom it answers, whether it mentions them, and Cancel. */
export function renderReplyBar({ el, state }: ViewContext): void {
  const replying = state.replying?.channelId === state.channelId ? state.replying : undefined;
  el.replyBar.hidden = !replying;
  if (!replying) return;
  el.replyBarText.replaceChildren('Replying to ', h('strong', {}, `@${nameOf(replying.author)}`));
  el.replyMention.checked = replying.mentionAuthor;
}

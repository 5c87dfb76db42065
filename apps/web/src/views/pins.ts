/** The pins panel of the open channel: its pinned messages, most recently pinned first, each a button that jumps to the message. */
import type { Message } from '@chat/client';
import { h, timeElement } from '../dom.js';
import { readableText } from '../model/mentions.js';
import { nameOf } from '../model/people.js';
import { snippet } from '../model/search.js';
import type { ViewContext } from './intents.js';
import { nameNode } from './people.js';

export function renderPins(view: ViewContext): void {
  const { el, state } = view;
  const pins = state.pins?.channelId === state.channelId ? state.pins : undefined;
  el.pinsPanel.hidden = !pins;
  el.pinsButton.setAttribute('aria-expanded', String(pins !== undefined));
  if (!pins) return el.pinsList.replaceChildren();
  el.pinsEmpty.hidden = pins.loaded && pins.messages.length > 0;
  el.pinsEmpty.textContent = pins.loaded ? 'Nothing is pinned here yet.' : 'Loading…';
  el.pinsList.replaceChildren(...pins.messages.map((message) => pinNode(view, message)));
}

function pinNode({ state, intents }: ViewContext, message: Message): HTMLLIElement {
  const text = snippet(readableText(state, message));
  return h(
    'li',
    {},
    h(
      'button',
      { type: 'button', className: 'search-hit pin', 'aria-label': `${nameOf(message.author)}: ${text}`, onclick: () => intents.jumpTo(message.channelId, message.id) },
      h('span', { className: 'meta' }, nameNode('strong', message.author), ' ', timeElement(message.createdAt)),
      h('span', { className: 'snippet' }, text),
    ),
  );
}

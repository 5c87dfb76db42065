/** The search of the open server: its form (a server's only), and its hits, each a button that jumps to the message in its channel. */
import type { Message } from '@chat/client';
import { h, timeElement } from '../dom.js';
import { readableText } from '../model/mentions.js';
import { nameOf } from '../model/people.js';
import { shownSearch, snippet } from '../model/search.js';
import { channelOf } from '../model/state.js';
import type { ViewContext } from './intents.js';
import { nameNode } from './people.js';

export function renderSearch(view: ViewContext): void {
  const { el, state } = view;
  // Direct conversations have no server to search.
  el.searchForm.hidden = state.serverId === undefined;
  const search = shownSearch(state);
  el.searchResults.hidden = !search;
  if (!search) return el.searchHits.replaceChildren();
  const count = `${search.messages.length}${search.hasMore ? '+' : ''}`;
  el.searchTitle.textContent = search.messages.length === 0 ? `No messages match “${search.query}”` : `${count} ${search.messages.length === 1 ? 'message matches' : 'messages match'} “${search.query}”`;
  el.searchHits.replaceChildren(...search.messages.map((message) => hitNode(view, message)));
  el.moreResults.hidden = !search.hasMore;
}

/** Who, where, when, and the start of the text (mentions by name), as one button. */
function hitNode({ state, intents }: ViewContext, message: Message): HTMLLIElement {
  const channel = channelOf(state, message.channelId);
  const where = channel ? `#${channel.name}` : 'a channel';
  const text = snippet(readableText(state, message));
  return h(
    'li',
    {},
    h(
      'button',
      { type: 'button', className: 'search-hit', 'aria-label': `${nameOf(message.author)} in ${where}: ${text}`, onclick: () => intents.jumpTo(message.channelId, message.id) },
      h('span', { className: 'meta' }, nameNode('strong', message.author), ` in ${where} `, timeElement(message.createdAt)),
      h('span', { className: 'snippet' }, text),
    ),
  );
}

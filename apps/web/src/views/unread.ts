/**
 * A server, channel or conversation in its list, marked when something in it is unread: its name
 * bold with a dot, or the count of its mentions. The button keeps its name; what is unread is its
 * description, in words, for screen readers.
 */
import { h } from '../dom.js';
import { COUNT_CAP, type Unread } from '../model/read-states.js';

/** `1000` means that many or more (the API's cap). */
const countText = (count: number): string => (count >= COUNT_CAP ? `${COUNT_CAP}+` : String(count));

/** What is unread, in words: none when all is read. */
function unreadWords({ unread, mentions }: Unread): string | undefined {
  if (mentions > 0) return `${countText(mentions)} unread ${mentions === 1 ? 'mention' : 'mentions'}`;
  return unread ? 'Unread messages' : undefined;
}

/** The list item: its button (`current`: the open one) and, when something is unread, the marks and their words. */
export function listedWithUnread(id: string, label: string, unread: Unread, current: boolean, open: () => void): HTMLLIElement {
  const words = unreadWords(unread);
  const wordsId = `unread-${id}`;
  const mark = unread.mentions > 0 ? h('span', { className: 'badge', 'aria-hidden': 'true' }, countText(unread.mentions)) : unread.unread ? h('span', { className: 'unread-dot', 'aria-hidden': 'true' }) : null;
  return h(
    'li',
    {},
    h(
      'button',
      { type: 'button', className: unread.unread ? 'unread' : undefined, 'aria-current': current ? 'true' : undefined, 'aria-describedby': words ? wordsId : undefined, onclick: open },
      h('span', { className: 'label' }, label),
      mark,
    ),
    words ? h('span', { id: wordsId, className: 'visually-hidden' }, words) : null,
  );
}

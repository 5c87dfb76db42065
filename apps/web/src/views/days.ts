/** Day separators in the message list: "Today", "Yesterday" or the date, above the first message of each day shown. */
import { h } from '../dom.js';
import { dayLabel, dayStarts } from '../times.js';
import type { ViewContext } from './intents.js';

const SEPARATOR = ':scope > .day-separator';

function separator(createdAt: string, now: Date): HTMLParagraphElement {
  const label = dayLabel(new Date(createdAt), now);
  return h('p', { className: 'day-separator', role: 'separator', 'aria-label': label, 'data-day-of': createdAt }, h('span', {}, label));
}

/** Gives each message node shown a separator when it begins a day, and takes it from one that no longer does (its day's older messages came, or the one before went). */
export function placeDaySeparators({ state }: ViewContext, now = new Date()): void {
  const starts = dayStarts(state.messages);
  for (const message of state.messages) {
    const node = document.getElementById(`message-${message.id}`);
    const present = node?.querySelector(SEPARATOR);
    if (!node || starts.has(message.id) === Boolean(present)) continue;
    if (present) present.remove();
    else node.prepend(separator(message.createdAt, now));
  }
}

/** Writes every separator's day again: "Today" becomes "Yesterday" after midnight. */
export function refreshDays(root: ParentNode, now = new Date()): void {
  for (const node of root.querySelectorAll<HTMLElement>('.day-separator[data-day-of]')) {
    const label = dayLabel(new Date(node.dataset.dayOf ?? ''), now);
    if (node.textContent === label) continue;
    node.setAttribute('aria-label', label);
    node.replaceChildren(h('span', {}, label));
  }
}

/** The open channel's message list: new messages put in place, one drawn again, one taken out. */
import { h } from '../dom.js';
import { drawnAfter } from '../model/messages.js';
import { firstNewId } from '../model/read-states.js';
import { messageOf } from '../model/state.js';
import { placeDaySeparators } from './days.js';
import type { ViewContext } from './intents.js';
import { messageNode } from './message.js';

const nodeOf = (id: string) => document.getElementById(`message-${id}`);

/** Puts new messages where the state has them (ids in order); the view follows the bottom when it was there. */
export function insertMessages(view: ViewContext, ids: readonly string[]): void {
  const { el, state } = view;
  const nearBottom = el.history.scrollHeight - el.history.scrollTop - el.history.clientHeight < 60;
  const added = new Set(ids);
  // Last first, so the messages after each one are already in the list.
  for (let index = state.messages.length - 1; index >= 0; index -= 1) {
    const message = state.messages[index];
    if (!message || !added.has(message.id) || nodeOf(message.id)) continue;
    const before = drawnAfter(state.messages, index, (id) => nodeOf(id) !== null);
    el.messages.insertBefore(messageNode(view, message), before === undefined ? null : nodeOf(before));
  }
  renderHistoryEdge(view);
  placeDaySeparators(view);
  placeNewLine(view);
  if (nearBottom) el.history.scrollTop = el.history.scrollHeight;
}

/** The "New messages" line, above the first message this person had not read when the channel opened (one line, moved as pages land). */
export function placeNewLine({ state }: ViewContext): void {
  const first = firstNewId(state);
  const line = document.querySelector('#messages .new-messages');
  const node = first ? nodeOf(first) : null;
  if (!node) return void line?.remove();
  if (line?.parentElement === node) return;
  line?.remove();
  const newLine = h('p', { className: 'new-messages', role: 'separator', 'aria-label': 'New messages' }, h('span', {}, 'New messages'));
  // Under the day's separator, when the message begins a day.
  const day = node.querySelector(':scope > .day-separator');
  if (day) day.after(newLine);
  else node.prepend(newLine);
}

/** Takes a message out; the one after it may now begin a day. */
export function removeMessageNode(view: ViewContext, id: string): void {
  nodeOf(id)?.remove();
  placeDaySeparators(view);
}

/** Draws a message again, keeping focus, an edit in progress and an open reaction picker. */
export function renderMessage(view: ViewContext, id: string): void {
  const old = nodeOf(id);
  const message = messageOf(view.state, id);
  if (!old || !message) return;
  const active = document.activeElement;
  const focused = active instanceof HTMLElement && old.contains(active) ? active : null;
  const focusKey = focused?.dataset.focusKey;
  const node = messageNode(view, message);
  // An edit in progress keeps its form, draft and caret whatever else changed (a reaction, say).
  const draft = view.state.editing === message.id ? old.querySelector('form.edit') : null;
  const fresh = node.querySelector('form.edit');
  if (draft && fresh) fresh.replaceWith(draft);
  const pickerOpen = old.querySelector('details.add-reaction')?.hasAttribute('open') ?? false;
  if (pickerOpen) node.querySelector('details.add-reaction')?.setAttribute('open', '');
  // Its day does not change: the separator above it (if any) moves over.
  const day = old.querySelector(':scope > .day-separator');
  if (day) node.prepend(day);
  old.replaceWith(node);
  placeNewLine(view);
  if (focused && draft?.contains(focused)) focused.focus();
  else if (focusKey) node.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusKey)}"]`)?.focus();
}

export function renderEveryMessage(view: ViewContext): void {
  for (const message of view.state.messages) renderMessage(view, message.id);
}

export function renderHistoryEdge({ el, state }: ViewContext): void {
  el.loadOlder.hidden = state.reachedStart;
  el.loadOlder.disabled = state.loadingOlder;
  el.historyStart.hidden = !state.reachedStart;
  // An older stretch shows (a jump): newer pages by the button or by scrolling down, or the present at once.
  el.loadNewer.hidden = state.reachedEnd;
  el.loadNewer.disabled = state.loadingNewer;
  el.olderStretch.hidden = state.reachedEnd;
}

/** Moving through the open channel's history: a jump to a message (a search hit), the newer pages after it, and back to the present. */
import { conversationOpened } from '../model/conversations.js';
import { channelOpened } from '../model/events.js';
import { channelOf } from '../model/state.js';
import { aroundLoaded, jumpStarted, loadingNewer, newerLoaded } from '../model/window.js';
import type { Page } from '../page.js';
import { loadBeside, loading, messagesOf, PAGE, showPresent } from './messages.js';

/**
 * Opens the channel or conversation (again, when it is the open one) on the page around the message
 * (a search hit, a reply's quote), marked and brought into view. A message that is gone by now (404)
 * leaves the channel at its newest page, and the refusal is said.
 */
export async function jumpTo(page: Page, channelId: string, messageId: string): Promise<void> {
  // A quote's original may be in a direct conversation: opened as one (the same list and routes).
  const opened = channelOf(page.state, channelId) ? channelOpened(page.state, channelId) : conversationOpened(page.state, channelId);
  if (opened.state === page.state) return;
  page.apply({ state: jumpStarted(opened.state, messageId), effects: opened.effects });
  const opening = page.state.opening;
  try {
    await loading(page, async () => {
      const around = await messagesOf(page, channelId, { around: messageId });
      if (page.state.opening !== opening) return;
      page.apply(aroundLoaded(page.state, around, messageId, PAGE));
      const node = document.getElementById(`message-${messageId}`);
      node?.scrollIntoView({ block: 'center' });
      node?.focus({ preventScroll: true });
    });
  } catch (error) {
    if (page.state.opening === opening) await showPresent(page);
    throw error;
  }
}

/** Loads the page just newer than the newest shown, leaving what is in view where it is. */
export async function loadNewer(page: Page): Promise<void> {
  const newest = page.state.messages.at(-1);
  if (page.state.loadingNewer || page.state.reachedEnd || !newest) return;
  const history = page.el.history;
  await loadBeside(page, loadingNewer, { after: newest.id }, (newer) => {
    // Added below what is read: the view stays put rather than following the list's end.
    const scrollTop = history.scrollTop;
    page.apply(newerLoaded(page.state, newer, PAGE));
    history.scrollTop = scrollTop;
  });
}

/** Who is typing, shown until their signal runs out: the line is drawn, and drawn again when the next typist's time is up. */
import { nextTypingExpiry, typingExpired } from '../model/typing.js';
import type { Page } from '../page.js';
import type { ViewContext } from '../views/intents.js';
import { renderTyping } from '../views/typing.js';

let expiry: ReturnType<typeof setTimeout> | undefined;

export function showTyping(page: Page, view: ViewContext): void {
  const now = Date.now();
  renderTyping(view, now);
  clearTimeout(expiry);
  const next = nextTypingExpiry(page.state);
  if (next === undefined) return;
  // A moment after: the signal is shown until `expiresAt`, not a millisecond short of it.
  expiry = setTimeout(() => page.apply(typingExpired(page.state, Date.now())), Math.max(0, next - now) + 50);
}

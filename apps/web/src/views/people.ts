/** A person as the views show them: their avatar (when set) and the name the page calls them. */
import { h } from '../dom.js';
import { avatarOf, nameOf, usernameHint } from '../model/people.js';
import { PRESENCE_WORDS } from '../model/presence.js';
import type { Presence, UserSummary } from '../model/state.js';

/**
 * A small round picture, or nothing. The address is the person's own https URL, or their upload on
 * this page's API (`avatarOf`): the image is decorative beside their name (`alt=""`), sends no
 * referrer, and hides itself if it cannot load.
 */
export function avatarImage(user: UserSummary): HTMLImageElement | null {
  const src = avatarOf(user);
  if (!src) return null;
  const hide = (event: Event) => event.currentTarget instanceof HTMLElement && (event.currentTarget.hidden = true);
  return h('img', { className: 'avatar', src, alt: '', referrerpolicy: 'no-referrer', loading: 'lazy', decoding: 'async', width: 20, height: 20, onerror: hide });
}

/** What someone shows, as a colored dot with its words (for screen readers, and on hover). */
export function presenceDot(presence: Presence): HTMLSpanElement {
  const words = PRESENCE_WORDS[presence];
  return h('span', { className: `presence ${presence}`, role: 'img', 'aria-label': words, title: words });
}

/** The person's name as the page calls them, with the username as its tooltip where a display name shows instead. */
export const nameNode = (tag: 'strong' | 'span', user: UserSummary, ...after: (Node | null)[]): HTMLElement =>
  h(tag, { className: 'name', title: usernameHint(user) }, avatarImage(user), nameOf(user), ...after);

/** "Your account": this person changes their display name, avatar or username over REST. */
import { ok } from '@chat/client';
import { accountChanges, userUpdated } from '../model/people.js';
import type { Page } from '../page.js';
import { announce } from '../views/feedback.js';

/**
 * Sends what the form changes (nothing changed: the form just closes). Saved, the new names show at
 * once everywhere; the API's `user.updated` that follows, here and in the others' pages, changes
 * nothing more here. Refused (a username taken, a field the API rejects), the form stays as typed.
 */
export async function saveAccount(page: Page): Promise<void> {
  const { el, state } = page;
  if (!state.me) return;
  const body = accountChanges(state.me, { displayName: el.accountDisplayName.value, avatar: el.accountAvatar.value, username: el.accountUsername.value });
  if (Object.keys(body).length > 0) {
    const token = page.token;
    const account = await ok(page.client().PATCH('/api/users/@me', { body }));
    // An answer for a session that ended meanwhile is someone else's account.
    if (page.token !== token) return;
    page.apply(userUpdated(page.state, { id: account.id, username: account.username, displayName: account.displayName, avatar: account.avatar }));
    announce(el, 'Your account is saved');
  }
  el.accountSettings.open = false;
}

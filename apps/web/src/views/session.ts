import { nameOf, usernameHint } from '../model/people.js';
import type { ChosenStatus, Me } from '../model/state.js';
import type { Elements } from './elements.js';
import { clearError, setStatus, showErrorText } from './feedback.js';
import { avatarImage } from './people.js';

/** Who is signed in, by the name the page calls them (their username as its tooltip where a display name shows). */
export function renderMe(el: Elements, me: Me | undefined): void {
  if (!me) return;
  const avatar = avatarImage(me);
  el.whoami.replaceChildren(...(avatar ? [avatar] : []), `Signed in as ${nameOf(me)}`);
  el.whoami.title = usernameHint(me) ?? '';
  // A form being filled in keeps what is typed; a closed one shows the account as it is now.
  if (!el.accountSettings.open) fillAccountForm(el, me);
}

/** The status picker shows what this person chose. */
export function renderMyStatus(el: Elements, status: ChosenStatus): void {
  el.myStatus.value = status;
}

/** The account form, filled with the account as it is now. */
export function fillAccountForm(el: Elements, me: Me): void {
  el.accountDisplayName.value = me.displayName ?? '';
  el.accountAvatar.value = me.avatar ?? '';
  el.accountUsername.value = me.username;
}

export function showSignedIn(el: Elements, me: Me): void {
  renderMe(el, me);
  el.account.hidden = false;
  el.authView.hidden = true;
  el.chatView.hidden = false;
  setStatus(el, 'Connecting…');
}

/** The login forms, and nothing of the last person's view, hidden or not. */
export function showSignedOut(el: Elements, message?: string): void {
  for (const list of [el.serverList, el.channelList, el.memberList, el.messages, el.conversationList, el.recipientList, el.newGroupPeople, el.addRecipient]) list.replaceChildren();
  el.newGroup.open = false;
  el.accountSettings.open = false;
  el.accountForm.reset();
  el.whoami.replaceChildren();
  el.newGroupName.value = '';
  el.conversationTitle.textContent = '';
  el.conversationPanel.hidden = true;
  el.inviteOutput.value = '';
  el.serverTitle.textContent = '';
  el.channelTitle.textContent = '';
  el.account.hidden = true;
  el.chatView.hidden = true;
  el.authView.hidden = false;
  el.serverPanel.hidden = true;
  el.channelPanel.hidden = true;
  el.invite.hidden = true;
  setStatus(el, '');
  clearError(el);
  if (message) showErrorText(el, message);
  el.loginUsername.focus();
}

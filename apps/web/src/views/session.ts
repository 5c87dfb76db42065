import type { Elements } from './elements.js';
import { clearError, setStatus, showErrorText } from './feedback.js';

export function showSignedIn(el: Elements, username: string): void {
  el.whoami.textContent = `Signed in as ${username}`;
  el.account.hidden = false;
  el.authView.hidden = true;
  el.chatView.hidden = false;
  setStatus(el, 'Connecting…');
}

/** The login forms, and nothing of the last person's view, hidden or not. */
export function showSignedOut(el: Elements, message?: string): void {
  for (const list of [el.serverList, el.channelList, el.memberList, el.messages, el.conversationList, el.recipientList, el.newGroupPeople, el.addRecipient]) list.replaceChildren();
  el.newGroup.open = false;
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

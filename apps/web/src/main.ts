/**
 * The chat page: the reference browser client. It uses only the public REST API and the gateway,
 * both through @chat/client. The page's state and its reducers are in `model/` (pure), what it
 * draws in `views/`, what a person does in `actions/`, the gateway's events in `realtime.ts`; this
 * file finds the elements and wires the page's fixed controls.
 */
import { saveAccount } from './actions/account.js';
import { composerChanged, composerKey } from './actions/composer.js';
import { chooseStatus } from './actions/presence.js';
import { markRead, markTarget } from './actions/read-states.js';
import { loadOlder, send, showPresent } from './actions/messages.js';
import { cancelReply } from './actions/replies.js';
import { moreResults, search } from './actions/search.js';
import { loadNewer } from './actions/window.js';
import { createChannel } from './actions/channels.js';
import { addRecipient, createGroup, leaveGroup, readEveryMemberList, renameGroup } from './actions/conversations.js';
import { copyInvite, createInvite, createServer, join } from './actions/servers.js';
import { logIn, logOut, signUp } from './actions/session.js';
import { attachFiles } from './actions/uploads.js';
import { refreshTimes } from './dom.js';
import { refreshDays } from './views/days.js';
import { runEffects } from './effects.js';
import { createMarker } from './marker.js';
import { createPage } from './page.js';
import { completionClosed } from './model/completion.js';
import { pinsClosed, pinsOpened } from './model/pins.js';
import { mentionAuthorSet } from './model/replies.js';
import { searchClosed } from './model/search.js';
import { groupChoiceProblem } from './model/people.js';
import { openConversationOf, type ChosenStatus } from './model/state.js';
import { newGroupChoice, renderNewGroupPeople } from './views/conversations.js';
import { findElements } from './views/elements.js';
import { showErrorText } from './views/feedback.js';
import { fillAccountForm } from './views/session.js';

const el = findElements();
const page = createPage(el, runEffects, (page) => createMarker(() => markTarget(page), (target) => markRead(page, target)));

/** A form's submit, kept in the page. */
const onSubmit = (form: HTMLFormElement, run: () => void) =>
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    run();
  });

onSubmit(el.loginForm, () => logIn(page, el.loginForm));
onSubmit(el.signupForm, () => signUp(page, el.signupForm));
el.logout.addEventListener('click', () => logOut(page));
// "Your account" opens filled with the account as it is now: what was typed and not saved is dropped
// when it closes (the 'me' view keeps a closed form current). Filled on opening instead, a toggle
// event that comes late would overwrite what is being typed.
el.accountSettings.addEventListener('toggle', () => {
  const me = page.state.me;
  if (!el.accountSettings.open && me) fillAccountForm(el, me);
});
onSubmit(el.accountForm, () => void page.attempt('Saving your account', () => saveAccount(page)));

onSubmit(el.newServerForm, () => void page.attempt('Creating a server', () => createServer(page, el.newServerName.value)));
onSubmit(el.joinForm, () => void page.attempt('Joining', () => join(page, el.inviteCode.value)));
onSubmit(el.newChannelForm, () => {
  const serverId = page.state.serverId;
  // "Private" counts only where it is offered (a stale tick on a hidden box makes nothing private).
  const makePrivate = el.newChannelPrivate.checked && !el.newChannelPrivateField.hidden;
  if (serverId) void page.attempt('Creating a channel', () => createChannel(page, serverId, el.newChannelName.value, makePrivate));
});
el.createInvite.addEventListener('click', () => {
  const serverId = page.state.serverId;
  if (serverId) void page.attempt('Creating an invite', () => createInvite(page, serverId));
});
el.copyInvite.addEventListener('click', () => void page.attempt('Copying', () => copyInvite(page)));

// Direct conversations: "New group" lists everyone who shares a server with this person (their servers' member lists are read first).
el.newGroup.addEventListener('toggle', () => {
  if (el.newGroup.open) void page.attempt('Listing people', async () => {
    await readEveryMemberList(page);
    renderNewGroupPeople(el, page.state);
  });
});
onSubmit(el.newGroupForm, () => {
  const people = newGroupChoice(el);
  const problem = groupChoiceProblem(people.length);
  if (problem) return showErrorText(el, problem);
  void page.attempt('Creating a group', async () => {
    await createGroup(page, people, el.newGroupName.value);
    el.newGroupName.value = '';
    el.newGroup.open = false;
  });
});
/** Runs `run` on the open conversation, if one is. */
const inConversation = (action: string, run: (conversationId: string) => Promise<void>) => {
  const conversation = openConversationOf(page.state);
  if (conversation) void page.attempt(action, () => run(conversation.id));
};
onSubmit(el.addRecipientForm, () => inConversation('Adding to the group', (id) => addRecipient(page, id, el.addRecipient.value)));
onSubmit(el.renameGroupForm, () => inConversation('Renaming the group', (id) => renameGroup(page, id, el.groupName.value)));
el.leaveGroup.addEventListener('click', () => {
  if (confirm('Leave this group?')) inConversation('Leaving the group', (id) => leaveGroup(page, id));
});

onSubmit(el.searchForm, () => void page.attempt('Searching', () => search(page, el.searchInput.value)));
el.moreResults.addEventListener('click', () => void page.attempt('Searching', () => moreResults(page)));
el.closeSearch.addEventListener('click', () => {
  page.apply(searchClosed(page.state));
  el.searchInput.focus();
});

// Pins: the header's button opens (or closes) the open channel's panel; a reply's bar has its Cancel and mention toggle.
el.pinsButton.addEventListener('click', () => page.apply(page.state.pins ? pinsClosed(page.state) : pinsOpened(page.state)));
el.closePins.addEventListener('click', () => {
  page.apply(pinsClosed(page.state));
  el.pinsButton.focus();
});
el.cancelReply.addEventListener('click', () => cancelReply(page));
el.replyMention.addEventListener('change', () => page.apply(mentionAuthorSet(page.state, el.replyMention.checked)));

el.loadOlder.addEventListener('click', () => void page.attempt('Loading older messages', () => loadOlder(page)));
el.loadNewer.addEventListener('click', () => void page.attempt('Loading newer messages', () => loadNewer(page)));
el.jumpToPresent.addEventListener('click', () => void page.attempt('Loading the newest messages', () => showPresent(page)));
// Scrolled to the end, or back to this tab: what shows there may now be read.
document.addEventListener('visibilitychange', () => page.marker.soon());
el.history.addEventListener('scroll', () => {
  page.marker.soon();
  const { loadingOlder, reachedStart, loadingNewer, reachedEnd, messages } = page.state;
  const { scrollTop, scrollHeight, clientHeight } = el.history;
  if (messages.length === 0) return;
  if (scrollTop < 40 && !loadingOlder && !reachedStart) void page.attempt('Loading older messages', () => loadOlder(page));
  // An older stretch (a jump): scrolled to its end, the next newer page comes, until the present.
  if (scrollHeight - scrollTop - clientHeight < 40 && !loadingNewer && !reachedEnd) void page.attempt('Loading newer messages', () => loadNewer(page));
});

onSubmit(el.composer, () => send(page));
// Files: chosen with the button (a hidden file input), or dropped anywhere on the open channel.
el.attachButton.addEventListener('click', () => el.attachInput.click());
el.attachInput.addEventListener('change', () => {
  if (el.attachInput.files) attachFiles(page, el.attachInput.files);
  // Emptied, so choosing the same file again is a change too.
  el.attachInput.value = '';
});
const carriesFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;
el.channelPanel.addEventListener('dragover', (event) => {
  if (!carriesFiles(event) || el.attachButton.hidden || el.composer.hidden) return;
  event.preventDefault();
  if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  el.channelPanel.classList.add('dropping');
});
el.channelPanel.addEventListener('dragleave', (event) => {
  if (event.relatedTarget === null || !el.channelPanel.contains(event.relatedTarget as Node)) el.channelPanel.classList.remove('dropping');
});
el.channelPanel.addEventListener('drop', (event) => {
  el.channelPanel.classList.remove('dropping');
  if (!carriesFiles(event)) return;
  event.preventDefault();
  if (!el.attachButton.hidden && !el.composer.hidden && event.dataTransfer) attachFiles(page, event.dataTransfer.files);
});
el.composerInput.addEventListener('keydown', (event) => composerKey(page, event));
// The caret moves by typing, clicks and arrows: the `@word` it ends (if any) is looked up each time.
for (const type of ['input', 'click', 'keyup'] as const) el.composerInput.addEventListener(type, (event) => {
  if (!(event instanceof KeyboardEvent) || !['ArrowDown', 'ArrowUp', 'Enter', 'Tab', 'Escape'].includes(event.key)) composerChanged(page);
});
el.composerInput.addEventListener('input', () => {
  const channelId = page.state.channelId;
  if (channelId) page.typing.typed(channelId, el.composerInput.value);
});
el.myStatus.addEventListener('change', () => chooseStatus(page, el.myStatus.value as ChosenStatus));
el.composerInput.addEventListener('blur', () => page.apply(completionClosed(page.state)));

// Times and day separators say "Today" or "Yesterday": they are written again as the day turns.
setInterval(() => {
  refreshTimes(el.messages);
  refreshDays(el.messages);
}, 60_000);

page.endSession();

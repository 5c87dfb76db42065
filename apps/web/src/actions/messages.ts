/** What a person does in a channel (or a direct conversation: the same routes), over REST: open it, read back, send, edit, delete, react. */
import { ok, type Message } from '@chat/client';
import { addMessages, edited, editing, loadingOlder, pageLoaded, removeMessage } from '../model/messages.js';
import { channelOpened, loadEnded, loadStarted } from '../model/events.js';
import { firstPageShown } from '../model/read-states.js';
import { replyFields, replySent } from '../model/replies.js';
import { channelOf, type ChatState, type Step } from '../model/state.js';
import { readyIn, uploadingIn, uploadsRemoved } from '../model/uploads.js';
import type { Page } from '../page.js';
import { showErrorText } from '../views/feedback.js';

export const PAGE = 50;

/** Fetches and shows a page of the open channel; the events that waited meanwhile apply after it. */
export async function loading(page: Page, fetchAndShow: () => Promise<void>): Promise<void> {
  page.apply(loadStarted(page.state));
  try {
    await fetchAndShow();
  } finally {
    page.apply(loadEnded(page.state));
  }
}

/** Where a page is read from: the newest (none), just older or newer than a message, or around one. */
export type Cursor = { readonly before: string } | { readonly after: string } | { readonly around: string } | Record<string, never>;

export const messagesOf = (page: Page, channelId: string, cursor: Cursor = {}) =>
  ok(page.client().GET('/api/channels/{channelId}/messages', { params: { path: { channelId }, query: { limit: String(PAGE), ...cursor } } }));

export async function openChannel(page: Page, channelId: string): Promise<void> {
  if (!channelOf(page.state, channelId)) return;
  page.apply(channelOpened(page.state, channelId));
  await showFirstPage(page, channelId);
}

/** The newest page of the channel (or conversation) just opened, scrolled to its end; dropped when another opened meanwhile. */
export async function showFirstPage(page: Page, channelId: string): Promise<void> {
  const opening = page.state.opening;
  await loading(page, async () => {
    const messages = await messagesOf(page, channelId);
    if (page.state.opening !== opening) return;
    page.apply(pageLoaded(page.state, messages, PAGE));
    page.el.history.scrollTop = page.el.history.scrollHeight;
    page.apply(firstPageShown(page.state));
  });
}

/** "Jump to present": the open channel opened again on its newest page, as when it was first opened. */
export async function showPresent(page: Page): Promise<void> {
  const channelId = page.state.channelId;
  if (!channelId) return;
  const opened = channelOpened(page.state, channelId);
  if (opened.state === page.state) return;
  page.apply(opened);
  await showFirstPage(page, channelId);
}

/**
 * Reads the page next to those shown (`cursor`: older or newer), with `flag` saying one is on its way,
 * and shows it by `show`; one that lands after another channel (or stretch) opened is dropped.
 */
export async function loadBeside(page: Page, flag: (state: ChatState, loading: boolean) => Step, cursor: Cursor, show: (messages: readonly Message[]) => void): Promise<void> {
  const { channelId, opening } = page.state;
  if (!channelId) return;
  page.apply(flag(page.state, true));
  try {
    await loading(page, async () => {
      const messages = await messagesOf(page, channelId, cursor);
      if (page.state.opening === opening) show(messages);
    });
  } finally {
    page.apply(flag(page.state, false));
  }
}

/** Loads the page just older than the oldest shown, keeping what is in view where it was. */
export async function loadOlder(page: Page): Promise<void> {
  const oldest = page.state.messages[0];
  if (page.state.loadingOlder || page.state.reachedStart || !oldest) return;
  const history = page.el.history;
  await loadBeside(page, loadingOlder, { before: oldest.id }, (older) => {
    const fromBottom = history.scrollHeight - history.scrollTop;
    page.apply(pageLoaded(page.state, older, PAGE));
    history.scrollTop = history.scrollHeight - fromBottom;
  });
}

/** Sends the box's text with the channel's uploaded files (the text may be empty when there are files). */
export function send(page: Page): void {
  const { composerInput, history } = page.el;
  const channelId = page.state.channelId;
  const content = composerInput.value;
  if (!channelId) return;
  // Sent before its files are up, the message would go without them.
  if (uploadingIn(page.state, channelId)) return showErrorText(page.el, 'Please wait until your files are uploaded (or remove them).');
  const files = readyIn(page.state, channelId);
  if (content === '' && files.length === 0) return;
  const attachmentIds = files.flatMap(({ attachment }) => (attachment ? [attachment.id] : []));
  // A reply (the bar above the composer) names the message it answers, and whether it mentions its author.
  const reply = replyFields(page.state, channelId);
  void page.attempt('Sending', async () => {
    const body = attachmentIds.length > 0 ? { content, attachmentIds, ...reply } : { content, ...reply };
    // Once those sent before it are answered: the API numbers messages in the order it takes them.
    const sent = await page.sends(() => ok(page.client().POST('/api/channels/{channelId}/messages', { params: { path: { channelId } }, body })));
    page.typing.sent(channelId);
    // Cleared only once sent: a refused message stays in the box, with its files and its reply bar, to fix or resend.
    if (composerInput.value === content) composerInput.value = '';
    page.apply(uploadsRemoved(page.state, files.map(({ key }) => key)));
    page.apply(replySent(page.state, reply.replyTo));
    // Sent from an older stretch (a jump), the channel goes back to the present, where the message is.
    if (page.state.channelId !== channelId) return;
    if (!page.state.reachedEnd) return showPresent(page);
    page.apply(addMessages(page.state, [sent]));
    history.scrollTop = history.scrollHeight;
  });
}

const focusEditButton = (messageId: string) => document.querySelector<HTMLElement>(`#message-${messageId} [data-focus-key="edit"]`)?.focus();

export function startEditing(page: Page, message: Message): void {
  page.apply(editing(page.state, message.id, true));
  const input = document.getElementById(`edit-${message.id}`);
  if (!(input instanceof HTMLTextAreaElement)) return;
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
}

/** Closes the edit form; focus goes back to the message's Edit button. */
export function stopEditing(page: Page, message: Message): void {
  page.apply(editing(page.state, message.id, false));
  focusEditButton(message.id);
}

export function saveEdit(page: Page, message: Message, content: string): void {
  const path = { channelId: message.channelId, messageId: message.id };
  void page.attempt('Editing', async () => {
    const saved = await ok(page.client().PATCH('/api/channels/{channelId}/messages/{messageId}', { params: { path }, body: { content } }));
    page.apply(edited(page.state, saved));
    focusEditButton(message.id);
  });
}

export function deleteMessage(page: Page, message: Message): void {
  if (!confirm('Delete this message?')) return;
  const path = { channelId: message.channelId, messageId: message.id };
  void page.attempt('Deleting', async () => {
    await ok(page.client().DELETE('/api/channels/{channelId}/messages/{messageId}', { params: { path } }));
    page.apply(removeMessage(page.state, message.id));
    page.el.composerInput.focus();
  });
}

/** Reacts or un-reacts. The count shown changes when the gateway says so, for everyone alike. */
export function react(page: Page, message: Message, emoji: string, add: boolean): void {
  const path = { channelId: message.channelId, messageId: message.id };
  void page.attempt('Reacting', async () => {
    if (add) await ok(page.client().POST('/api/channels/{channelId}/messages/{messageId}/reactions', { params: { path }, body: { emoji } }));
    else await ok(page.client().DELETE('/api/channels/{channelId}/messages/{messageId}/reactions/{emoji}', { params: { path: { ...path, emoji } } }));
  });
}

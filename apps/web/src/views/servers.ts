/** The server list, the open server's panel and its channels, and the open channel's header. */
import { mayCreateChannel, mayCreateInvite, mayMakePrivate, maySend } from '../controls.js';
import { powersOf } from '../model/permissions.js';
import { unreadIn, unreadInServer } from '../model/read-states.js';
import { channelOf, openConversationOf, openServerOf, viewerOf } from '../model/state.js';
import { renderConversationHeader } from './conversations.js';
import type { ViewContext } from './intents.js';
import { renderMembers } from './members.js';
import { listedWithUnread } from './unread.js';
import { renderUploads } from './uploads.js';

/** Each server, marked when something in its channels is unread (a dot, or its mentions counted). */
export function renderServers({ el, state, intents }: ViewContext): void {
  el.serverList.replaceChildren(
    ...[...state.servers.values()].map((server) =>
      listedWithUnread(server.id, server.name, unreadInServer(state, server.id), server.id === state.serverId, () => intents.openServer(server.id)),
    ),
  );
}

/** The open server's panel. Only what the API will accept from this person is offered (kept in step by the role and server events). */
export function renderServer(view: ViewContext): void {
  const { el, state } = view;
  const server = openServerOf(state);
  el.serverPanel.hidden = !server;
  if (!server) {
    // No server open: the channel panel stays only for an open conversation.
    el.channelPanel.hidden = !openConversationOf(state);
    return;
  }
  el.serverTitle.textContent = server.name;
  const { server: held } = powersOf(state);
  el.newChannelForm.hidden = !mayCreateChannel(held);
  el.newChannelPrivateField.hidden = !mayMakePrivate(held);
  if (el.newChannelPrivateField.hidden) el.newChannelPrivate.checked = false;
  el.createInvite.hidden = !mayCreateInvite(held, viewerOf(state));
  renderChannels(view);
  renderMembers(view);
  renderChannelHeader(view);
}

export function renderChannels({ el, state, intents }: ViewContext): void {
  el.channelList.replaceChildren(
    ...(openServerOf(state)?.channels ?? []).map((channel) =>
      listedWithUnread(channel.id, `# ${channel.name}`, unreadIn(state, channel.id), channel.id === state.channelId, () => intents.openChannel(channel.id)),
    ),
  );
}

/** A channel was opened: its panel, titled, with an empty list until its first page lands. No channel open: no panel. */
export function renderChannelOpened(view: ViewContext): void {
  const { el, state } = view;
  el.messages.replaceChildren();
  el.channelPanel.hidden = !channelOf(state, state.channelId) && !openConversationOf(state);
  renderChannelHeader(view);
}

/** The open channel's (or conversation's) title, and its composer, or a note where this person may not send. */
export function renderChannelHeader(view: ViewContext): void {
  const { el, state } = view;
  const conversation = openConversationOf(state);
  if (conversation) {
    renderConversationHeader(el, state, conversation);
    return renderUploads(view);
  }
  const channel = channelOf(state, state.channelId);
  if (!channel) return;
  el.historyStart.textContent = 'This is the start of the channel.';
  el.channelTitle.textContent = `# ${channel.name}`;
  el.composerLabel.textContent = `Message # ${channel.name}`;
  const send = maySend(powersOf(state).channel);
  el.composer.hidden = !send;
  el.composerNote.hidden = send;
  el.composerNote.textContent = send ? '' : `You cannot send messages in #${channel.name}.`;
  renderUploads(view);
}

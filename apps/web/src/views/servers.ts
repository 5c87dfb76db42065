/** The server list, the open server's panel and its channels, and the open channel's header. */
import { mayCreateChannel, mayCreateInvite, mayMakePrivate, maySend } from '../controls.js';
import { h } from '../dom.js';
import { powersOf } from '../model/permissions.js';
import { channelOf, openConversationOf, openServerOf, viewerOf } from '../model/state.js';
import { renderConversationHeader } from './conversations.js';
import type { ViewContext } from './intents.js';
import { renderMembers } from './members.js';

export function renderServers({ el, state, intents }: ViewContext): void {
  el.serverList.replaceChildren(
    ...[...state.servers.values()].map((server) =>
      h('li', {}, h('button', { type: 'button', 'aria-current': server.id === state.serverId ? 'true' : undefined, onclick: () => intents.openServer(server.id) }, server.name)),
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
      h('li', {}, h('button', { type: 'button', 'aria-current': channel.id === state.channelId ? 'true' : undefined, onclick: () => intents.openChannel(channel.id) }, `# ${channel.name}`)),
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
export function renderChannelHeader({ el, state }: ViewContext): void {
  const conversation = openConversationOf(state);
  if (conversation) return renderConversationHeader(el, state, conversation);
  const channel = channelOf(state, state.channelId);
  if (!channel) return;
  el.historyStart.textContent = 'This is the start of the channel.';
  el.channelTitle.textContent = `# ${channel.name}`;
  el.composerLabel.textContent = `Message # ${channel.name}`;
  const send = maySend(powersOf(state).channel);
  el.composer.hidden = !send;
  el.composerNote.hidden = send;
  el.composerNote.textContent = send ? '' : `You cannot send messages in #${channel.name}.`;
}

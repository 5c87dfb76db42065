/** The server list, the open server's panel, its channels and members. */
import { mayCreateChannel, mayCreateInvite, mayRemoveMember } from '../controls.js';
import { h } from '../dom.js';
import { channelOf, openServerOf, viewerOf } from '../model/state.js';
import type { ViewContext } from './intents.js';

export function renderServers({ el, state, intents }: ViewContext): void {
  el.serverList.replaceChildren(
    ...[...state.servers.values()].map((server) =>
      h('li', {}, h('button', { type: 'button', 'aria-current': server.id === state.serverId ? 'true' : undefined, onclick: () => intents.openServer(server.id) }, server.name)),
    ),
  );
}

export function renderServer(view: ViewContext): void {
  const { el, state } = view;
  const server = openServerOf(state);
  el.serverPanel.hidden = !server;
  if (!server) {
    el.channelPanel.hidden = true;
    return;
  }
  el.serverTitle.textContent = server.name;
  // Only what the API will accept from this person is offered (kept in step by `server.updated`).
  el.newChannelForm.hidden = !mayCreateChannel(server, viewerOf(state));
  el.createInvite.hidden = !mayCreateInvite(server, viewerOf(state));
  renderChannels(view);
  renderMembers(view);
}

export function renderChannels({ el, state, intents }: ViewContext): void {
  el.channelList.replaceChildren(
    ...(openServerOf(state)?.channels ?? []).map((channel) =>
      h('li', {}, h('button', { type: 'button', 'aria-current': channel.id === state.channelId ? 'true' : undefined, onclick: () => intents.openChannel(channel.id) }, `# ${channel.name}`)),
    ),
  );
}

export function renderMembers({ el, state, intents }: ViewContext): void {
  const server = openServerOf(state);
  el.memberList.replaceChildren(
    ...(server?.members ?? []).map((member) =>
      h(
        'li',
        {},
        member.user.username,
        member.userId === server?.ownerId ? h('span', { className: 'hint' }, ' (owner)') : null,
        server && mayRemoveMember(server, viewerOf(state), member.userId)
          ? h('button', { type: 'button', className: 'remove', 'aria-label': `Remove ${member.user.username}`, onclick: () => intents.removeMember(server, member) }, 'Remove')
          : null,
      ),
    ),
  );
}

/** A channel was opened: its panel, titled, with an empty list until its first page lands. */
export function renderChannelOpened({ el, state }: ViewContext): void {
  const channel = channelOf(state, state.channelId);
  if (!channel) return;
  el.messages.replaceChildren();
  el.channelTitle.textContent = `# ${channel.name}`;
  el.composerLabel.textContent = `Message # ${channel.name}`;
  el.channelPanel.hidden = false;
}

/** What a person does with servers, over REST: open, create, join, invite, remove a member. */
import { ok, type Member } from '@chat/client';
import { channelCreated, channelsLoaded, membersLoaded, serverAdded, serverOpened } from '../model/servers.js';
import type { ServerState } from '../model/state.js';
import type { Page } from '../page.js';
import { setStatus } from '../views/feedback.js';
import { openChannel } from './messages.js';

/** Reads a server this account now sees (created, joined, or joined in another tab) and lists it. */
export async function addServer(page: Page, serverId: string): Promise<void> {
  const path = { params: { path: { serverId } } };
  const [server, channels] = await Promise.all([ok(page.client().GET('/api/servers/{serverId}', path)), ok(page.client().GET('/api/servers/{serverId}/channels', path))]);
  page.apply(serverAdded(page.state, server, channels));
}

/** Fetches the member list again (an arrival came before the list it would have joined). */
export async function refreshMembers(page: Page, serverId: string): Promise<void> {
  const members = await ok(page.client().GET('/api/servers/{serverId}/members', { params: { path: { serverId } } }));
  page.apply(membersLoaded(page.state, serverId, members));
}

/** Opens a server: its members (and its channels, when `ready` left them out) are read, then a channel opens. */
export async function openServer(page: Page, serverId: string, channelId?: string): Promise<void> {
  const server = page.state.servers.get(serverId);
  if (!server) return;
  page.el.invite.hidden = true;
  page.apply(serverOpened(page.state, serverId));
  const path = { params: { path: { serverId } } };
  const [members, pending] = await Promise.all([
    ok(page.client().GET('/api/servers/{serverId}/members', path)),
    server.channelsPending ? ok(page.client().GET('/api/servers/{serverId}/channels', path)) : undefined,
  ]);
  if (pending) page.apply(channelsLoaded(page.state, serverId, pending));
  page.apply(membersLoaded(page.state, serverId, members));
  const channels = pending ?? server.channels;
  const channel = channels.find(({ id }) => id === channelId) ?? channels.find(({ id }) => id === server.defaultChannelId) ?? channels[0];
  if (channel) await openChannel(page, channel.id);
}

export async function createServer(page: Page, name: string): Promise<void> {
  const server = await ok(page.client().POST('/api/servers', { body: { name } }));
  if (!page.state.servers.has(server.id)) await addServer(page, server.id);
  page.el.newServerName.value = '';
  await openServer(page, server.id);
}

export async function join(page: Page, input: string): Promise<void> {
  // People paste whole links too: the code is the last part.
  const code = input.trim().split('/').pop() ?? '';
  const server = await ok(page.client().POST('/api/invites/{code}', { params: { path: { code } } }));
  if (!page.state.servers.has(server.id)) await addServer(page, server.id);
  page.el.inviteCode.value = '';
  await openServer(page, server.id);
}

export async function createChannel(page: Page, serverId: string, name: string): Promise<void> {
  const channel = await ok(page.client().POST('/api/servers/{serverId}/channels', { params: { path: { serverId } }, body: { name } }));
  page.apply(channelCreated(page.state, channel));
  page.el.newChannelName.value = '';
  await openChannel(page, channel.id);
}

export async function createInvite(page: Page, serverId: string): Promise<void> {
  const invite = await ok(page.client().POST('/api/servers/{serverId}/invites', { params: { path: { serverId } } }));
  const { inviteOutput, invite: box } = page.el;
  inviteOutput.value = invite.code;
  box.hidden = false;
  inviteOutput.focus();
  inviteOutput.select();
}

export async function copyInvite(page: Page): Promise<void> {
  await navigator.clipboard.writeText(page.el.inviteOutput.value);
  setStatus(page.el, 'Invite code copied');
}

/** The owner removes a member (a kick): they may come back with a new invite. */
export function removeMember(page: Page, server: ServerState, member: Member): void {
  if (!confirm(`Remove ${member.user.username} from ${server.name}?`)) return;
  const path = { serverId: server.id, userId: member.userId };
  void page.attempt('Removing a member', async () => {
    await ok(page.client().DELETE('/api/servers/{serverId}/members/{userId}', { params: { path } }));
  });
}

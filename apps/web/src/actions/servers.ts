/** What a person does with servers, over REST: open, create, join, invite, remove a member. */
import { ok, type Member } from '@chat/client';
import { channelClosed } from '../model/channels.js';
import { nameOf } from '../model/people.js';
import { rolesLoaded } from '../model/roles.js';
import { membersLoaded, serverAdded, serverOpened } from '../model/servers.js';
import type { ServerState } from '../model/state.js';
import type { Page } from '../page.js';
import { setStatus } from '../views/feedback.js';
import { readChannels } from './channels.js';
import { openChannel } from './messages.js';
import { membersWithPresence } from './presence.js';

/** Reads a server this account now sees (created, joined, or joined in another tab) and lists it; its channels are read when it is opened. */
export async function addServer(page: Page, serverId: string): Promise<void> {
  const server = await ok(page.client().GET('/api/servers/{serverId}', { params: { path: { serverId } } }));
  page.apply(serverAdded(page.state, server));
}

/** Fetches the member list again (an arrival came before the list it would have joined, or someone joined: what they show comes with it). */
export async function refreshMembers(page: Page, serverId: string): Promise<void> {
  const members = await membersWithPresence(page, serverId);
  page.apply(membersLoaded(page.state, serverId, members));
}

/**
 * Opens a server: its channels (with this viewer's permissions in each), roles and members are read
 * afresh, then a channel opens (the one asked for, else the default, else the first listed).
 */
export async function openServer(page: Page, serverId: string, channelId?: string): Promise<void> {
  if (!page.state.servers.has(serverId)) return;
  page.el.invite.hidden = true;
  page.apply(serverOpened(page.state, serverId));
  const path = { params: { path: { serverId } } };
  const [members, roles] = await Promise.all([
    membersWithPresence(page, serverId),
    ok(page.client().GET('/api/servers/{serverId}/roles', path)),
    readChannels(page, serverId),
  ]);
  page.apply(rolesLoaded(page.state, serverId, roles));
  page.apply(membersLoaded(page.state, serverId, members));
  const server = page.state.servers.get(serverId);
  if (!server || page.state.serverId !== serverId) return;
  const { channels, defaultChannelId } = server;
  const channel = channels.find(({ id }) => id === channelId) ?? channels.find(({ id }) => id === defaultChannelId) ?? channels[0];
  if (channel) await openChannel(page, channel.id);
  else page.apply(channelClosed(page.state));
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

/** A member with KICK_MEMBERS removes one ranked below them (a kick): they may come back with a new invite. */
export function removeMember(page: Page, server: ServerState, member: Member): void {
  if (!confirm(`Remove ${nameOf(member.user)} from ${server.name}?`)) return;
  const path = { serverId: server.id, userId: member.userId };
  void page.attempt('Removing a member', async () => {
    await ok(page.client().DELETE('/api/servers/{serverId}/members/{userId}', { params: { path } }));
  });
}

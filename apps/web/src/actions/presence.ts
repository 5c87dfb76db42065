/** Presence over the gateway and REST: what this person shows, and what the members of a server show. */
import { ok, type Member } from '@chat/client';
import { presencesLoaded, statusChosen } from '../model/presence.js';
import type { ChosenStatus } from '../model/state.js';
import type { Page } from '../page.js';

/** This person chose what to show: the gateway tells the others (and tells again on every reconnect: the SDK keeps it). */
export function chooseStatus(page: Page, status: ChosenStatus): void {
  page.apply(statusChosen(page.state, status));
  page.gateway?.setPresence(status);
}

/**
 * A server's members with what each shows (`?presence=true`). `ready`'s presences leave out servers
 * over 1,000 members, servers joined since, and members who joined since (no `presence.updated` says
 * a newcomer is online): the page reads them with the member list.
 */
export async function membersWithPresence(page: Page, serverId: string): Promise<Member[]> {
  const members = await ok(page.client().GET('/api/servers/{serverId}/members', { params: { path: { serverId }, query: { presence: 'true' } } }));
  page.apply(presencesLoaded(page.state, members.map(({ userId, status }) => ({ userId, status: status ?? 'offline' })), true));
  return members;
}

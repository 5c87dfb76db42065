/**
 * A server's roles and who holds them (pure, see `state.ts`): read when the server is opened, then
 * kept by `role.created`, `role.updated`, `role.deleted` and `member.updated`. A change to what the
 * viewer holds redraws the server's controls at once (`model/permissions.ts`) and has the channel
 * list read again, for the permissions in each channel.
 */
import type { GatewayEvents } from '@chat/client';
import { ifOpen, refetchIfOpen, step, unchanged, withServer, type ChatState, type Effect, type Role, type ServerState, type Step } from './state.js';

/** By position, `@everyone` (0) first; equal positions (briefly, between two events of one move) by id. */
const byPosition = (a: Role, b: Role) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Whether the viewer holds this role (`@everyone`, whose id is the server's, everyone does). */
function holds(state: ChatState, server: ServerState, roleId: string): boolean {
  if (roleId === server.id) return true;
  return server.members?.find((member) => member.userId === state.me?.id)?.roleIds.includes(roleId) ?? false;
}

/** What follows a change to the server's roles: its panel drawn again and, when the viewer's own powers moved, the channels read again. */
const afterChange = (state: ChatState, serverId: string, mine: boolean): Effect[] => [...ifOpen(state, serverId, 'server'), ...(mine ? refetchIfOpen(state, serverId) : [])];

export function rolesLoaded(state: ChatState, serverId: string, roles: readonly Role[]): Step {
  const server = state.servers.get(serverId);
  if (!server) return unchanged(state);
  return step(withServer(state, { ...server, roles: [...roles].sort(byPosition) }), ...ifOpen(state, serverId, 'server'));
}

/** `role.created` and `role.updated`: the role as it is now. Ignored until the server's roles are read (they are read whole on opening it). */
export function roleChanged(state: ChatState, role: GatewayEvents['role.updated']): Step {
  const server = state.servers.get(role.serverId);
  if (!server?.roles) return unchanged(state);
  const roles = [...server.roles.filter(({ id }) => id !== role.id), role].sort(byPosition);
  return step(withServer(state, { ...server, roles }), ...afterChange(state, server.id, holds(state, server, role.id)));
}

/** The role is gone, and so is it from every member holding it (no `member.updated` says so). */
export function roleDeleted(state: ChatState, { id, serverId }: GatewayEvents['role.deleted']): Step {
  const server = state.servers.get(serverId);
  if (!server?.roles) return unchanged(state);
  const mine = holds(state, server, id);
  const members = server.members?.map((member) => (member.roleIds.includes(id) ? { ...member, roleIds: member.roleIds.filter((roleId) => roleId !== id) } : member));
  const next = withServer(state, { ...server, roles: server.roles.filter((role) => role.id !== id), members });
  return step(next, ...afterChange(state, serverId, mine));
}

/** A member's roles now. The viewer's own: the whole panel (their controls) and the channels; anyone else's: the member list. */
export function memberUpdated(state: ChatState, { serverId, userId, roleIds }: GatewayEvents['member.updated']): Step {
  const server = state.servers.get(serverId);
  if (!server?.members) return unchanged(state);
  const members = server.members.map((member) => (member.userId === userId ? { ...member, roleIds } : member));
  const next = withServer(state, { ...server, members });
  return userId === state.me?.id ? step(next, ...afterChange(state, serverId, true)) : step(next, ...ifOpen(state, serverId, 'members'));
}

/**
 * What the viewer may do in the open server and channel, for the controls the page shows (pure).
 *
 * In a channel: the `permissions` the channel list gives (the API computes them, overwrites and all).
 * Server-wide (create a channel or invite, kick, set overwrites): computed here from the server's
 * roles, the viewer's `roleIds` and ownership, by the API's rule (the owner and `ADMINISTRATOR` hold
 * all; anyone else what `@everyone` and their roles give). The API serves no such list, and the
 * channel list cannot stand in: its permissions are after each channel's overwrites. Roles and
 * `roleIds` come with the gateway's events, so these follow a change at once. The API still decides.
 */
import { openConversationOf, type ChatState, type ListedChannel, type ServerState } from './state.js';

export type Permission = ListedChannel['permissions'][number];

/** Every permission, in the API's order; the check below fails to compile when the contract adds one. */
export const ALL_PERMISSIONS = [
  'VIEW_CHANNEL',
  'SEND_MESSAGES',
  'ADD_REACTIONS',
  'ATTACH_FILES',
  'MENTION_EVERYONE',
  'MANAGE_MESSAGES',
  'MANAGE_CHANNELS',
  'MANAGE_ROLES',
  'MANAGE_SERVER',
  'CREATE_INVITE',
  'KICK_MEMBERS',
  'BAN_MEMBERS',
  'ADMINISTRATOR',
] as const satisfies readonly Permission[];
const everyNameListed: Exclude<Permission, (typeof ALL_PERMISSIONS)[number]> extends never ? true : never = true;
void everyNameListed;

export type Permissions = ReadonlySet<Permission>;

const NONE: Permissions = new Set();
const ALL: Permissions = new Set(ALL_PERMISSIONS);

/** The roles a member holds (`@everyone` not among them), as far as the page knows them. */
function rolesOf(server: ServerState, userId: string) {
  const held = new Set(server.members?.find((member) => member.userId === userId)?.roleIds ?? []);
  return (server.roles ?? []).filter((role) => held.has(role.id));
}

/**
 * Server-wide. Before the roles are read, the owner holds all and anyone else nothing (fail closed:
 * a control appears a moment late rather than one the API would refuse).
 */
export function serverPermissions(server: ServerState | undefined, userId: string | undefined): Permissions {
  if (!server || userId === undefined) return NONE;
  if (server.ownerId === userId) return ALL;
  const everyone = server.roles?.find((role) => role.id === server.id)?.permissions ?? [];
  const held = new Set<Permission>([...everyone, ...rolesOf(server, userId).flatMap((role) => role.permissions)]);
  return held.has('ADMINISTRATOR') ? ALL : held;
}

/** Where a member stands: the owner above all, anyone else at their highest role's position (0: none). */
export function rankOf(server: ServerState, userId: string): number {
  if (server.ownerId === userId) return Number.POSITIVE_INFINITY;
  return rolesOf(server, userId).reduce((top, role) => Math.max(top, role.position), 0);
}

/** What the viewer holds in the open server and in its open channel. */
export interface Powers {
  readonly server: Permissions;
  readonly channel: Permissions;
  /** The viewer's rank in the open server (`rankOf`). */
  readonly rank: number;
}

/** What everyone in a direct conversation holds there (the API's rule): read, send (with files), react; no moderation, so only authors delete. */
export const CONVERSATION_PERMISSIONS: Permissions = new Set<Permission>(['VIEW_CHANNEL', 'SEND_MESSAGES', 'ADD_REACTIONS', 'ATTACH_FILES']);

export function powersOf(state: ChatState): Powers {
  if (openConversationOf(state)) return { server: NONE, channel: CONVERSATION_PERMISSIONS, rank: 0 };
  const server = state.serverId ? state.servers.get(state.serverId) : undefined;
  const me = state.me?.id;
  const channel = server?.channels.find(({ id }) => id === state.channelId);
  return {
    server: serverPermissions(server, me),
    channel: new Set(channel?.permissions ?? []),
    rank: server && me !== undefined ? rankOf(server, me) : 0,
  };
}

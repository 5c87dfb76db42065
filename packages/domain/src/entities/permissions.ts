/*
 * Permissions: names on the wire, bits inside (one integer per role and per overwrite side, as the
 * peers keep them). The order of `PERMISSIONS` fixes each name's bit: append, never reorder.
 */

export const PERMISSIONS = [
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
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** A set of permissions as bits: bit i is `PERMISSIONS[i]`. */
export type PermissionBits = number;

export const bitOf = (permission: Permission): PermissionBits => 2 ** PERMISSIONS.indexOf(permission);

export const NO_PERMISSIONS: PermissionBits = 0;

export const ALL_PERMISSIONS: PermissionBits = 2 ** PERMISSIONS.length - 1;

/** `bits` as names, in `PERMISSIONS` order (the wire's form). */
export const permissionNames = (bits: PermissionBits): Permission[] => PERMISSIONS.filter((name) => (bits & bitOf(name)) !== 0);

export const bitsOf = (names: readonly Permission[]): PermissionBits => names.reduce((bits, name) => bits | bitOf(name), NO_PERMISSIONS);

export const has = (bits: PermissionBits, permission: Permission): boolean => (bits & bitOf(permission)) !== 0;

/** What `@everyone` holds in a new server; `CREATE_INVITE` too where members may invite. */
export const EVERYONE_DEFAULT: PermissionBits = bitsOf(['VIEW_CHANNEL', 'SEND_MESSAGES', 'ADD_REACTIONS', 'ATTACH_FILES']);

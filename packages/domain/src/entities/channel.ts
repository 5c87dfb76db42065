import type { Id } from '../ids';
import type { PermissionOverwrite } from './role';
import type { PermissionBits } from './permissions';

export interface Channel {
  readonly id: Id;
  readonly serverId: Id;
  readonly name: string;
  /** What the channel is for, shown under its name; null: none. */
  readonly topic: string | null;
  /** Where it is listed: by position, then by id (ties are allowed; a new channel goes last). */
  readonly position: number;
  /** Its overwrites, by target id: a channel is read with them, since every permission check there needs them. */
  readonly permissionOverwrites: readonly PermissionOverwrite[];
  readonly createdAt: Date;
}

/** A channel as one member sees it in the list: with their effective permissions there. */
export interface ChannelView extends Channel {
  readonly permissions: PermissionBits;
}

export const DEFAULT_CHANNEL_NAME = 'general';

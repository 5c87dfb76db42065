/** The overwrites that make a new channel private (pure, unit-tested in Node). */
import type { Permission, Permissions } from './permissions.js';

/** One of `POST /api/servers/:id/channels`'s `permissionOverwrites`. */
export interface NewOverwrite {
  readonly id: string;
  readonly type: 'role' | 'member';
  readonly allow: Permission[];
  readonly deny: Permission[];
}

/**
 * `@everyone` (whose id is the server's) is denied VIEW_CHANNEL. The owner and `ADMINISTRATOR` see
 * every channel whatever its overwrites; anyone else also gets an overwrite of their own allowing
 * VIEW_CHANNEL and SEND_MESSAGES (as far as they hold them: one grants only what one holds). The
 * channel is created with them, so it is never public for a moment, nor ever lost to its creator.
 */
export function privateChannelOverwrites(serverId: string, creatorId: string, held: Permissions): NewOverwrite[] {
  const everyone: NewOverwrite = { id: serverId, type: 'role', allow: [], deny: ['VIEW_CHANNEL'] };
  if (held.has('ADMINISTRATOR')) return [everyone];
  const allow = (['VIEW_CHANNEL', 'SEND_MESSAGES'] as const).filter((permission) => held.has(permission));
  return [{ id: creatorId, type: 'member', allow, deny: [] }, everyone];
}

/** The overwrites that make a new channel private, in the order to set them (pure, unit-tested in Node). */
import type { Permission, Permissions } from './permissions.js';

/** One `PUT /api/channels/:id/permissions/:targetId`. */
export interface OverwritePut {
  readonly targetId: string;
  readonly body: { readonly type: 'role' | 'member'; readonly allow: Permission[]; readonly deny: Permission[] };
}

/**
 * `@everyone` (whose id is the server's) is denied VIEW_CHANNEL. The owner and `ADMINISTRATOR` see
 * every channel whatever its overwrites; anyone else first gets an overwrite of their own allowing
 * VIEW_CHANNEL and SEND_MESSAGES (as far as they hold them: one grants only what one holds), set
 * before `@everyone`'s so the creator never loses sight of the channel: should the second call fail,
 * the channel is still theirs to see, only not private.
 */
export function privateChannelOverwrites(serverId: string, creatorId: string, held: Permissions): OverwritePut[] {
  const everyone: OverwritePut = { targetId: serverId, body: { type: 'role', allow: [], deny: ['VIEW_CHANNEL'] } };
  if (held.has('ADMINISTRATOR')) return [everyone];
  const allow = (['VIEW_CHANNEL', 'SEND_MESSAGES'] as const).filter((permission) => held.has(permission));
  return [{ targetId: creatorId, body: { type: 'member', allow, deny: [] } }, everyone];
}

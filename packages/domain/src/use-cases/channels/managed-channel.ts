import type { Channel } from '../../entities/channel';
import type { Permission } from '../../entities/permissions';
import type { Server } from '../../entities/server';
import type { ErrorOf } from '../../errors';
import { isId, type Id } from '../../ids';
import type { Stores } from '../../ports/stores';
import { fail, ok, type Result } from '../../result';
import { serverWithPermission, type Ranked } from '../permissions';

/**
 * The channel, its server and the caller's standing there, if the caller holds `permission`
 * server-wide (channel-level checks of management come with the per-channel permissions). The
 * server is held for a change, and the channel read again after, so a deletion that committed
 * while this unit waited is seen: a channel gone meanwhile is not found.
 */
export async function channelWithPermission(
  stores: Stores,
  channelId: Id,
  userId: Id,
  permission: Permission,
): Promise<Result<{ channel: Channel; server: Server; standing: Ranked }, ErrorOf<'ChannelNotFound' | 'NotAMember' | 'MissingPermission'>>> {
  const seen = isId(channelId) ? await stores.channels.findById(channelId) : null;
  if (!seen) return fail({ kind: 'ChannelNotFound' });
  const found = await serverWithPermission(stores, seen.serverId, userId, permission, { held: true });
  if (!found.ok) return found.error.kind === 'ServerNotFound' ? fail({ kind: 'ChannelNotFound' }) : fail(found.error);
  const channel = await stores.channels.findById(channelId);
  return channel ? ok({ channel, ...found.value }) : fail({ kind: 'ChannelNotFound' });
}

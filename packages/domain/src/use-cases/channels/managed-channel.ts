import type { Channel } from '../../entities/channel';
import { has, type Permission, type PermissionBits } from '../../entities/permissions';
import type { Server } from '../../entities/server';
import type { ErrorOf, Issue } from '../../errors';
import { isId, type Id } from '../../ids';
import type { Stores } from '../../ports/stores';
import { fail, ok, type Result } from '../../result';
import { channelPermissions } from '../../rules/permission-rules';
import { serverOfMember } from '../access';
import { standingIn, type Ranked } from '../permissions';

/**
 * The channel, its server and the caller's standing there, if the caller sees the channel and holds
 * `permission` in it (an overwrite may give or take it there; `permissions`: all they hold in the
 * channel; `grantable`: what they may allow or deny in an overwrite there, what they hold
 * server-wide or in the channel). The server is held for a change first, and the channel read again after, so a deletion
 * or a change of roles that committed while this unit waited is seen: a channel gone meanwhile is
 * not found.
 */
export async function channelWithPermission(
  stores: Stores,
  channelId: Id,
  userId: Id,
  permission: Permission,
): Promise<Result<{ channel: Channel; server: Server; standing: Ranked; permissions: PermissionBits; grantable: PermissionBits }, ErrorOf<'ChannelNotFound' | 'NotAMember' | 'MissingPermission'>>> {
  const seen = isId(channelId) ? await stores.channels.findById(channelId) : null;
  if (!seen) return fail({ kind: 'ChannelNotFound' });
  const server = await serverOfMember(stores.servers, stores.members, seen.serverId, userId, 'change');
  if (!server.ok) return server.error.kind === 'ServerNotFound' ? fail({ kind: 'ChannelNotFound' }) : fail(server.error);
  const channel = await stores.channels.findById(channelId);
  if (!channel) return fail({ kind: 'ChannelNotFound' });
  const standing = await standingIn(stores, server.value, userId);
  const permissions = channelPermissions(standing, server.value.id, channel.permissionOverwrites);
  const missing = (['VIEW_CHANNEL', permission] as const).find((needed) => !has(permissions, needed));
  return missing ? fail({ kind: 'MissingPermission', permission: missing }) : ok({ channel, server: server.value, standing, permissions, grantable: standing.permissions | permissions });
}

/** An overwrite's target must be a role of the server (`@everyone` among them) or one of its members. */
export async function targetIssues(stores: Pick<Stores, 'roles' | 'members'>, serverId: string, targetId: string, type: 'role' | 'member', path = 'targetId'): Promise<Issue[]> {
  if (type === 'role') {
    const role = isId(targetId) ? await stores.roles.find(serverId, targetId) : null;
    return role ? [] : [{ path, message: 'is not a role of this server' }];
  }
  const member = isId(targetId) ? await stores.members.find(serverId, targetId) : null;
  return member ? [] : [{ path, message: 'is not a member of this server' }];
}

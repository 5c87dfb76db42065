import type { Channel } from '../entities/channel';
import { has } from '../entities/permissions';
import type { Role } from '../entities/role';
import type { Server } from '../entities/server';
import type { Id } from '../ids';
import { channelPermissions, type Standing } from './permission-rules';

/** For each member, the channels (of those given) they cannot see: without `VIEW_CHANNEL` there. */
export type HiddenChannels = ReadonlyMap<Id, ReadonlySet<Id>>;

const NONE: ReadonlySet<Id> = new Set();

/**
 * Which of `channels` each member of `holdings` (user id → the ids of the roles they hold) cannot
 * see. Members who hold the same roles and have no overwrite of their own see alike, so a server of
 * thousands computes once per set of roles, not once per member.
 */
export function hiddenChannels(
  server: Pick<Server, 'id' | 'ownerId'>,
  roles: readonly Role[],
  holdings: ReadonlyMap<Id, readonly Id[]>,
  channels: readonly Channel[],
): HiddenChannels {
  const everyone = roles.find((role) => role.id === server.id)?.permissions ?? 0;
  const byId = new Map(roles.map((role) => [role.id, role]));
  const ownOverwrites = new Set(channels.flatMap((channel) => channel.permissionOverwrites.filter((o) => o.type === 'member').map((o) => o.id)));
  const alike = new Map<string, ReadonlySet<Id>>();
  const hidden = new Map<Id, ReadonlySet<Id>>();
  for (const [userId, roleIds] of holdings) {
    const standing: Standing = {
      userId,
      isOwner: userId === server.ownerId,
      everyone,
      roles: roleIds.flatMap((id) => byId.get(id) ?? []),
    };
    const key = standing.isOwner || ownOverwrites.has(userId) ? null : [...roleIds].sort().join(' ');
    let theirs = key === null ? undefined : alike.get(key);
    if (!theirs) {
      const out = channels.filter((channel) => !has(channelPermissions(standing, server.id, channel.permissionOverwrites), 'VIEW_CHANNEL'));
      theirs = out.length === 0 ? NONE : new Set(out.map((channel) => channel.id));
      if (key !== null) alike.set(key, theirs);
    }
    hidden.set(userId, theirs);
  }
  return hidden;
}

/**
 * Whether every member sees every one of `channels`, without reading who holds what: `@everyone`
 * sees (roles only add to it) and no overwrite takes `VIEW_CHANNEL` away.
 */
export function everyoneSeesAll(server: Pick<Server, 'id'>, roles: readonly Role[], channels: readonly Channel[]): boolean {
  const everyone = roles.find((role) => role.id === server.id)?.permissions ?? 0;
  if (!has(everyone, 'VIEW_CHANNEL') && !has(everyone, 'ADMINISTRATOR')) return false;
  return channels.every((channel) => channel.permissionOverwrites.every((o) => !has(o.deny, 'VIEW_CHANNEL')));
}

/**
 * What changed between two readings of `hiddenChannels` (null: nobody was shut out of anything):
 * who lost sight of which channel, and who gained it.
 */
export function sightChanges(before: HiddenChannels | null, after: HiddenChannels | null): { lost: [Id, Id][]; gained: [Id, Id][] } {
  const lost: [Id, Id][] = [];
  const gained: [Id, Id][] = [];
  const users = after ?? before ?? new Map<Id, ReadonlySet<Id>>();
  for (const userId of users.keys()) {
    // A member of only one reading (one who joined or left meanwhile) has nothing to lose or gain here.
    const then = before ? before.get(userId) : NONE;
    const now = after ? after.get(userId) : NONE;
    if (!then || !now || then === now) continue;
    for (const channelId of now) if (!then.has(channelId)) lost.push([userId, channelId]);
    for (const channelId of then) if (!now.has(channelId)) gained.push([userId, channelId]);
  }
  return { lost, gained };
}

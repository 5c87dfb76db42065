import { READY_PRESENCE_MEMBERS, type Presence } from '../../entities/presence';
import type { Id } from '../../ids';
import type { GatewaySnapshot } from '../../ports/event-history';
import type { PresenceRegistry } from '../../ports/presence-registry';
import type { Stores } from '../../ports/stores';

/**
 * `ready`'s bound for a deployment whose fan-out bound is `fanOutMaxMembers` (0: none): a server is
 * listed only if it also hears `presence.updated`, so no client holds presences that never change.
 */
export const readyPresenceMembers = (fanOutMaxMembers: number): number => (fanOutMaxMembers === 0 ? READY_PRESENCE_MEMBERS : Math.min(READY_PRESENCE_MEMBERS, fanOutMaxMembers));

/**
 * What a connection starts from: the presences (not offline) of the members of its user's servers
 * of up to `maxMembers` members (`READY_PRESENCE_MEMBERS`, or the fan-out's bound when lower), and of the recipients of their conversations, the user
 * excepted. A larger server's are read a page at a time (`GET /api/servers/:id/members?presence=true`).
 * A server's are read from who the registry holds connected in it, never from its member list: an
 * identify costs what the connected cost, and thousands at once make little garbage.
 */
export class ReadPresences {
  constructor(
    private readonly presence: Pick<PresenceRegistry, 'present' | 'presentIn'>,
    private readonly stores: Pick<Stores, 'members'>,
    private readonly maxMembers: number = READY_PRESENCE_MEMBERS,
  ) {}

  async execute(userId: Id, snapshot: Pick<GatewaySnapshot, 'servers' | 'privateChannels'>): Promise<Presence[]> {
    const serverIds = snapshot.servers.map(({ server }) => server.id);
    const recipientIds = new Set(snapshot.privateChannels.flatMap(({ recipients }) => recipients.map(({ id }) => id)));
    recipientIds.delete(userId);
    const large = new Set(serverIds.length === 0 ? [] : await this.stores.members.serversOver(serverIds, this.maxMembers));
    const small = serverIds.filter((serverId) => !large.has(serverId));
    const [inServers, recipients] = await Promise.all([
      small.length === 0 ? [] : this.presence.presentIn(small),
      recipientIds.size === 0 ? [] : this.presence.present([...recipientIds]),
    ]);
    const byUser = new Map([...inServers, ...recipients].map((presence) => [presence.userId, presence]));
    byUser.delete(userId);
    return [...byUser.values()];
  }
}

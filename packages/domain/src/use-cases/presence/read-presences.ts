import { READY_PRESENCE_MEMBERS, type Presence } from '../../entities/presence';
import type { Id } from '../../ids';
import type { GatewaySnapshot } from '../../ports/event-history';
import type { PresenceRegistry } from '../../ports/presence-registry';
import type { Stores } from '../../ports/stores';

/**
 * What a connection starts from: the presences (not offline) of the members of its user's servers
 * of up to `READY_PRESENCE_MEMBERS` members, and of the recipients of their conversations, the user
 * excepted. A larger server's are read a page at a time (`GET /api/servers/:id/members?presence=true`).
 */
export class ReadPresences {
  constructor(
    private readonly presence: PresenceRegistry,
    private readonly stores: Pick<Stores, 'members'>,
  ) {}

  async execute(userId: Id, snapshot: Pick<GatewaySnapshot, 'servers' | 'privateChannels'>): Promise<Presence[]> {
    const serverIds = snapshot.servers.map(({ server }) => server.id);
    const recipientIds = snapshot.privateChannels.flatMap(({ recipients }) => recipients.map(({ id }) => id));
    const others = new Set([...(await this.stores.members.memberIdsIn(serverIds, READY_PRESENCE_MEMBERS)), ...recipientIds]);
    others.delete(userId);
    return others.size === 0 ? [] : this.presence.present([...others]);
  }
}

import type { Channel } from '../entities/channel';
import type { Server } from '../entities/server';
import { channelGained, channelHidden, channelLost, type ChatEvent } from '../events/chat-event';
import type { Id } from '../ids';
import type { Stores } from '../ports/stores';
import { WHOLE_LIST } from '../rules/message-rules';
import { hiddenChannels, sightChanges, type HiddenChannels } from '../rules/sight-rules';

/** Whose sight to read, of which channels: every member, every channel, when left out. */
export interface SightScope {
  readonly userIds?: readonly Id[];
  readonly channelIds?: readonly Id[];
}

type SightStores = Pick<Stores, 'roles' | 'channels' | 'events'>;

interface Reading {
  readonly hidden: HiddenChannels;
  readonly channels: ReadonlyMap<Id, Channel>;
}

async function read(stores: SightStores, server: Server, scope: SightScope): Promise<Reading> {
  const [roles, holdings, channels] = await Promise.all([
    stores.roles.listByServer(server.id),
    stores.roles.holdings(server.id, scope.userIds),
    scope.channelIds
      ? Promise.all(scope.channelIds.map((id) => stores.channels.findById(id))).then((found) => found.flatMap((c) => (c?.serverId === server.id ? [c] : [])))
      : stores.channels.listByServer(server.id, WHOLE_LIST),
  ]);
  return { hidden: hiddenChannels(server, roles, holdings, channels), channels: new Map(channels.map((c) => [c.id, c])) };
}

/**
 * Who sees which channels, across a change of roles, overwrites or ownership in a server the caller
 * holds (`ServerRepository.hold`, so no other such change interleaves). Read before the change;
 * `append` then writes, after it, `channel.deleted` to each member who lost sight of a channel, the
 * change's own events, and `channel.created` to each who gained sight: so the gateway sends each
 * member the events of exactly the channels they can see (see `Audience`).
 */
export class SightWatch {
  private constructor(
    private readonly server: Server,
    private readonly scope: SightScope,
    private readonly before: Reading,
  ) {}

  static async before(stores: SightStores, server: Server, scope: SightScope = {}): Promise<SightWatch> {
    return new SightWatch(server, scope, await read(stores, server, scope));
  }

  /** `server`: as it is after the change, when the change was to it (a new owner). */
  async append(stores: SightStores, events: readonly ChatEvent[], server: Server = this.server): Promise<void> {
    const after = await read(stores, server, this.scope);
    const { lost, gained } = sightChanges(this.before.hidden, after.hidden);
    for (const [userId, channelId] of lost) await stores.events.append(channelLost(this.server.id, channelId, userId));
    for (const event of events) await stores.events.append(event);
    for (const [userId, channelId] of gained) {
      const channel = after.channels.get(channelId);
      if (channel) await stores.events.append(channelGained(channel, userId));
    }
  }
}

/**
 * Before the event that lets members in on something new (a member's join, a new channel), keeps
 * them out of what they cannot see of it: `channel.hidden` for each, which no client is sent.
 */
export async function hideUnseen(stores: SightStores, server: Server, scope: SightScope): Promise<void> {
  const { hidden } = await read(stores, server, scope);
  for (const [userId, channelIds] of hidden) for (const channelId of channelIds) await stores.events.append(channelHidden(server.id, channelId, userId));
}

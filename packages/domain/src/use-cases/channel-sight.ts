import type { Channel } from '../entities/channel';
import type { Server } from '../entities/server';
import { channelGained, channelHidden, channelLost, type ChatEvent } from '../events/chat-event';
import type { Id } from '../ids';
import type { Stores } from '../ports/stores';
import { WHOLE_LIST } from '../rules/message-rules';
import { everyoneSeesAll, hiddenChannels, sightChanges, type HiddenChannels } from '../rules/sight-rules';

/** Whose sight to read, of which channels: every member, every channel, when left out. */
export interface SightScope {
  readonly userIds?: readonly Id[];
  readonly channelIds?: readonly Id[];
}

type SightStores = Pick<Stores, 'roles' | 'channels' | 'events'>;

interface Reading {
  /** Null: every member sees every channel read. */
  readonly hidden: HiddenChannels | null;
  readonly channels: ReadonlyMap<Id, Channel>;
}

async function read(stores: SightStores, server: Server, scope: SightScope): Promise<Reading> {
  const [roles, channels] = await Promise.all([
    stores.roles.listByServer(server.id),
    scope.channelIds
      ? Promise.all(scope.channelIds.map((id) => stores.channels.findById(id))).then((found) => found.flatMap((c) => (c?.serverId === server.id ? [c] : [])))
      : stores.channels.listByServer(server.id, WHOLE_LIST),
  ]);
  const byId = new Map(channels.map((c) => [c.id, c]));
  // The common server (no channel shut to anyone): its members are not read at all.
  if (everyoneSeesAll(server, roles, channels)) return { hidden: null, channels: byId };
  return { hidden: hiddenChannels(server, roles, await stores.roles.holdings(server.id, scope.userIds), channels), channels: byId };
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
    await stores.events.append(
      ...lost.map(([userId, channelId]) => channelLost(this.server.id, channelId, userId)),
      ...events,
      ...gained.flatMap(([userId, channelId]) => {
        const channel = after.channels.get(channelId);
        return channel ? [channelGained(channel, userId)] : [];
      }),
    );
  }
}

/**
 * Before the event that lets members in on something new (a member's join, a new channel), keeps
 * them out of what they cannot see of it: `channel.hidden` for each, which no client is sent.
 */
export async function hideUnseen(stores: SightStores, server: Server, scope: SightScope): Promise<void> {
  const { hidden } = await read(stores, server, scope);
  const events = [...(hidden ?? [])].flatMap(([userId, channelIds]) => [...channelIds].map((channelId) => channelHidden(server.id, channelId, userId)));
  await stores.events.append(...events);
}

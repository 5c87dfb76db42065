import type { Id } from '../../ids';
import type { HeldSockets, PresenceRegistry } from '../../ports/presence-registry';
import type { SignalBus } from '../../ports/signal-bus';
import type { Stores } from '../../ports/stores';
import { heardIn } from '../heard-in';
import { announce, type PresenceFanOut } from './announce';

/**
 * A replica's heartbeat, every third of its lifetime: it keeps its record alive (or enters it anew:
 * at its start, after it was reaped, or when it cannot be sure the record is right), then reaps the
 * replicas whose heartbeat ran out, once among all replicas, and tells of the users that made
 * offline. A dead replica's users are so shown offline within the lifetime and a third.
 */
export class KeepPresence {
  constructor(
    private readonly presence: PresenceRegistry,
    private readonly signals: SignalBus,
    private readonly stores: Pick<Stores, 'members' | 'conversations'>,
    private readonly fanOut: PresenceFanOut,
  ) {}

  /** `sockets`: this replica's identified sockets by user (and where they are heard), as it holds them when asked; `fresh`: enter anew whatever the record says. */
  async execute(replicaId: string, ttlMs: number, sockets: () => ReadonlyMap<Id, HeldSockets>, fresh: boolean): Promise<void> {
    const enter = fresh || !(await this.presence.beat(replicaId, ttlMs));
    const entered = enter ? await this.presence.enter(replicaId, ttlMs, sockets()) : [];
    await announce(this.signals, this.fanOut, [...entered, ...(await this.presence.reap())], (userId) => heardIn(this.stores, userId));
  }
}

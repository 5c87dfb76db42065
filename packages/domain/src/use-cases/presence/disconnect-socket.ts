import type { Id } from '../../ids';
import type { Lost, PresenceRegistry } from '../../ports/presence-registry';
import type { SignalBus } from '../../ports/signal-bus';
import { announce, type PresenceFanOut } from './announce';

/**
 * A user's identified socket on this replica closed: their last anywhere shows them offline. `lost`:
 * this replica's record was reaped meanwhile; it must enter again, without this socket.
 */
export class DisconnectSocket {
  constructor(
    private readonly presence: PresenceRegistry,
    private readonly signals: SignalBus,
    private readonly fanOut: PresenceFanOut,
  ) {}

  /** `heardIn`: the user's servers and conversations, as their connection knew them. */
  async execute(replicaId: string, userId: Id, heardIn: readonly Id[]): Promise<'done' | Lost> {
    const changes = await this.presence.disconnect(replicaId, userId);
    if (changes === 'lost') return changes;
    await announce(this.signals, this.fanOut, changes, async () => heardIn);
    return 'done';
  }
}

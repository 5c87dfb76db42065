import type { ChosenStatus } from '../../entities/presence';
import type { Id } from '../../ids';
import type { Lost, PresenceRegistry } from '../../ports/presence-registry';
import type { SignalBus } from '../../ports/signal-bus';
import { announce, type PresenceFanOut } from './announce';

/**
 * A user's socket on this replica is identified: their first anywhere shows them online (or as
 * `chosen`, what their identify asked for), to those who share a server or a conversation with them.
 * `lost`: this replica's record was reaped meanwhile; it must enter again, this socket counted.
 */
export class ConnectSocket {
  constructor(
    private readonly presence: PresenceRegistry,
    private readonly signals: SignalBus,
    private readonly fanOut: PresenceFanOut,
  ) {}

  /** `heardIn`: the user's servers and conversations, as their connection knows them now (the registry lists them there). */
  async execute(replicaId: string, userId: Id, heardIn: readonly Id[], chosen?: ChosenStatus): Promise<'done' | Lost> {
    const changes = await this.presence.connect(replicaId, userId, heardIn, chosen);
    if (changes === 'lost') return changes;
    await announce(this.signals, this.fanOut, changes, async () => heardIn);
    return 'done';
  }
}

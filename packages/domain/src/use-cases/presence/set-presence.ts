import type { ChosenStatus } from '../../entities/presence';
import type { Id } from '../../ids';
import type { PresenceRegistry } from '../../ports/presence-registry';
import type { SignalBus } from '../../ports/signal-bus';
import { announce, type PresenceFanOut } from './announce';

/** A connected user chooses what others see (`invisible`: offline); told to those who share a server or a conversation with them, if it changed. */
export class SetPresence {
  constructor(
    private readonly presence: PresenceRegistry,
    private readonly signals: SignalBus,
    private readonly fanOut: PresenceFanOut,
  ) {}

  async execute(userId: Id, status: ChosenStatus, heardIn: readonly Id[]): Promise<void> {
    await announce(this.signals, this.fanOut, await this.presence.choose(userId, status), async () => heardIn);
  }
}

import type { Signal, SignalBus } from '@chat/domain';

/**
 * Signals within one process (the embedded default: one replica, no Redis): each is handed to every
 * listener before `publish` returns. Several replicas need Redis (`RedisSignalBus`).
 */
export class InProcessSignalBus implements SignalBus {
  private readonly listeners = new Set<(signal: Signal) => void>();

  async publish(signal: Signal): Promise<void> {
    for (const listener of this.listeners) listener(signal);
  }

  subscribe(listener: (signal: Signal) => void): () => void {
    // A listener of its own each time, so one subscribed twice stops one at a time.
    const own = (signal: Signal) => listener(signal);
    this.listeners.add(own);
    return () => void this.listeners.delete(own);
  }
}

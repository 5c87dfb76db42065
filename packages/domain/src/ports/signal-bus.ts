import type { Signal } from '../events/signal';

/**
 * Signals between replicas (typing, presence): live only, at most once, in the order each replica
 * published them. A listener hears what reaches its replica while it listens, from any replica, its
 * own included; what nobody hears is gone, and a signal may be lost (Redis away). Nothing is kept.
 */
export interface SignalBus {
  publish(signal: Signal): Promise<void>;
  /** Hears every signal published from now on; answers how to stop. */
  subscribe(listener: (signal: Signal) => void): () => void;
}

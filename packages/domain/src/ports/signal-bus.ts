import type { Signal } from '../events/signal';

/**
 * Signals between replicas (typing): live only, at most once. A listener hears what is published
 * from when it subscribed, on any replica, this one's included; what nobody hears is gone, and a
 * signal may be lost (Redis away). Nothing is stored but what the adapter needs to pass it on.
 */
export interface SignalBus {
  publish(signal: Signal): Promise<void>;
  /** Hears every signal published from now on; answers how to stop. */
  subscribe(listener: (signal: Signal) => void): () => void;
}

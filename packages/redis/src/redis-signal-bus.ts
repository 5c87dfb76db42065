import { signalFromWire, signalWire } from '@chat/contract';
import type { Signal, SignalBus } from '@chat/domain';
import type { RedisClient } from './redis-client';
import { Outage, type OutageEvents } from './outage';

/**
 * Signals between replicas over Redis pub/sub, on one channel under the key prefix: every replica
 * subscribed hears each once, its own included; one not subscribed then never does. Pub/sub, not a
 * Stream: a signal is worth nothing a few seconds on, so nothing is kept for a reader who was away.
 * While Redis is away, signals are lost (reported once through `outage`): a typing indicator is not
 * worth an error.
 *
 * On a Redis Cluster, plain PUBLISH/SUBSCRIBE, not sharded pub/sub (SPUBLISH, Redis 7): the cluster
 * passes each message to every node, and ioredis subscribes on any one of them (another after a
 * failover). With this one channel, sharding would put every signal on one shard anyway; it pays
 * once signals are spread over channels by server, as the events are.
 */
export class RedisSignalBus implements SignalBus {
  private readonly channel: string;
  private readonly listeners = new Set<(signal: Signal) => void>();
  private readonly outage: Outage;

  constructor(
    private readonly redis: RedisClient,
    /** A connection of its own: one that subscribes can do nothing else. */
    private readonly subscriber: RedisClient,
    prefix: string,
    outage?: OutageEvents,
  ) {
    // The version names the wire form, so replicas of two versions never read each other's.
    this.channel = `${prefix}signals:v1`;
    this.outage = new Outage(outage);
    subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.hear(text);
    });
  }

  /**
   * Subscribes; resolves once Redis confirmed. A subscription ioredis made, it makes again after a
   * reconnect by itself; one that failed (Redis away at the start) is tried again at the next ready.
   */
  async start(): Promise<void> {
    try {
      await this.subscriber.subscribe(this.channel);
    } catch (error) {
      // A failure of that try sets up the next one in turn.
      this.subscriber.once('ready', () => void this.start().catch(() => undefined));
      throw error;
    }
  }

  async publish(signal: Signal): Promise<void> {
    await this.outage.attempt(() => this.redis.publish(this.channel, signalWire(signal)), 0);
  }

  subscribe(listener: (signal: Signal) => void): () => void {
    const own = (signal: Signal) => listener(signal);
    this.listeners.add(own);
    return () => void this.listeners.delete(own);
  }

  private hear(text: string): void {
    // A newer version's signal, or one that is not a signal: heard by no one.
    const signal = signalFromWire(text);
    if (signal) for (const listener of this.listeners) listener(signal);
  }
}

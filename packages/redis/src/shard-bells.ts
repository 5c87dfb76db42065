import type { RedisClient } from './redis-client';

/** Whether a mask of shards (bit n: shard n) holds `shard`. */
export const wants = (mask: number, shard: number): boolean => ((mask >> shard) & 1) === 1;

/**
 * Rings of the event shards a reader wants: after each pass, its publisher rings the pass's last
 * position on the bell channel of every shard the pass touched (plain PUBLISH: on a cluster, every
 * node passes it on, and ioredis subscribes on any one of them). A reader waits for a ring of a shard
 * it wants instead of waking for every pass of the fleet, then reads the index once for everything
 * since its position. A ring is only a wake-up, never a witness: pub/sub keeps nothing for a
 * subscriber who was away (a reconnect, a failover), so the reader also reads the index once a wait
 * times out, and the index and the shards say what is there, as they did.
 */
export class ShardBells {
  /** The shards subscribed (confirmed), as a mask. */
  private followed = 0;
  /** The highest pass position rung on a followed shard. */
  private heard = 0;
  private readonly shardOf: ReadonlyMap<string, number>;
  private waiting: { readonly position: number; readonly done: () => void } | undefined;

  constructor(
    /** A connection of its own: one that subscribes can do nothing else. */
    private readonly subscriber: RedisClient,
    /** Shard n's bell channel at index n. */
    private readonly channels: readonly string[],
  ) {
    this.shardOf = new Map(channels.map((channel, shard) => [channel, shard]));
    subscriber.on('message', (channel: string, text: string) => this.hear(channel, text));
  }

  /**
   * Subscribes to the shards of `mask` not yet followed, once Redis confirmed (ioredis subscribes
   * again by itself after a reconnect), and lets go of the others. Says whether it followed a shard
   * it did not before: rings of that shard that came before are lost, so the caller reads the index.
   */
  async follow(mask: number): Promise<boolean> {
    const added = mask & ~this.followed;
    const dropped = this.followed & ~mask;
    if (dropped !== 0) {
      this.followed &= ~dropped;
      // Best effort: a ring of a shard let go of is ignored anyway.
      this.subscriber.unsubscribe(...this.channelsOf(dropped)).catch(() => undefined);
    }
    if (added === 0) return false;
    await this.subscriber.subscribe(...this.channelsOf(added));
    this.followed |= added;
    return true;
  }

  /** Whether a followed shard rang a pass after `position`. */
  rang(position: number): boolean {
    return this.heard > position;
  }

  /** Waits until a followed shard rings a pass after `position`, `ms` passed, or `interrupt()`. */
  wait(position: number, ms: number): Promise<void> {
    if (this.rang(position)) return Promise.resolve();
    this.interrupt();
    return new Promise((resolve) => {
      // A wait keeps no process alive: a stopped reader's last one just ends.
      const timer = setTimeout(() => this.interrupt(), ms).unref();
      this.waiting = {
        position,
        done: () => {
          clearTimeout(timer);
          this.waiting = undefined;
          resolve();
        },
      };
    });
  }

  /** Ends a wait now (the interest widened: what it now wants is read without waiting for a ring). */
  interrupt(): void {
    this.waiting?.done();
  }

  private hear(channel: string, text: string): void {
    const shard = this.shardOf.get(channel);
    if (shard === undefined || !wants(this.followed, shard)) return;
    const position = Number(text);
    if (!Number.isSafeInteger(position) || position <= this.heard) return;
    this.heard = position;
    if (this.waiting && this.rang(this.waiting.position)) this.waiting.done();
  }

  private channelsOf(mask: number): string[] {
    return this.channels.filter((_, shard) => wants(mask, shard));
  }
}

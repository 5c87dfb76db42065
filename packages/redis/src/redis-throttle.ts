import type { Throttle } from '@chat/domain';
import type { RedisClient } from './redis-client';
import { Outage, type OutageEvents } from './outage';

/**
 * A throttle every replica shares: a claim is `SET key NX PX window`, which only the first in the
 * window wins. While Redis is away every claim is let through (reported once through `outage`):
 * what it guards is lost then anyway (a signal has no bus to go on).
 */
export class RedisThrottle implements Throttle {
  private readonly outage: Outage;

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    outage?: OutageEvents,
  ) {
    this.outage = new Outage(outage);
  }

  async claim(key: string, windowMs: number): Promise<boolean> {
    return this.outage.attempt(async () => (await this.redis.set(`${this.prefix}${key}`, '1', 'PX', windowMs, 'NX')) === 'OK', true);
  }
}

import type { Clock, PresenceRegistry, SignalBus, Throttle } from '@chat/domain';
import { InProcessPresenceRegistry, InProcessSignalBus, InProcessThrottle } from '@chat/in-process';
import { createRedisClient, RedisPresenceRegistry, RedisSignalBus, RedisThrottle, whenReady, type OutageEvents, type RedisClient } from '@chat/redis';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { redisTargetOf } from '../redis-target';

/** What passes between replicas without the log (typing, presence): the bus, the throttle of what goes on it, who is connected where, and how to let go of them. */
export interface Signals {
  readonly bus: SignalBus;
  readonly throttle: Throttle;
  readonly presence: PresenceRegistry;
  close(): void;
}

/**
 * With Redis, pub/sub on a connection of its own (one that subscribes can do nothing else), and a
 * throttle and a presence registry shared by every replica; without it (the embedded default, one
 * process), all three in this process's memory. Several replicas without Redis would neither hear
 * each other's signals nor know each other's sockets: they need it, as their rate limits do.
 */
export async function openSignals(config: Config, redis: RedisClient | undefined, clock: Clock, logger: Logger): Promise<Signals> {
  const target = redisTargetOf(config);
  if (!redis || !target) {
    return { bus: new InProcessSignalBus(), throttle: new InProcessThrottle(clock), presence: new InProcessPresenceRegistry(clock), close: () => {} };
  }
  // Its errors are the main client's too, which reports them; the bus says what they mean.
  const subscriber = createRedisClient({ ...target, onError: () => {} });
  await whenReady(subscriber, 3_000);
  const outage = reported(logger);
  const bus = new RedisSignalBus(redis, subscriber, config.REDIS_KEY_PREFIX, outage);
  // Not ready in time: ioredis subscribes once it connects (the subscription is kept for reconnects).
  await bus.start().catch((error: unknown) => logger.warn({ err: error }, 'cannot subscribe to signals yet; retrying in the background'));
  return {
    bus,
    throttle: new RedisThrottle(redis, `${config.REDIS_KEY_PREFIX}throttle:`, outage),
    presence: new RedisPresenceRegistry(redis, config.REDIS_KEY_PREFIX),
    close: () => subscriber.disconnect(),
  };
}

/** An outage said once for the bus and the throttle together. */
function reported(logger: Logger): OutageEvents {
  let away = false;
  return {
    down: (error) => {
      if (!away) logger.warn({ err: error }, 'Redis is unavailable: typing and presence signals are lost until it returns');
      away = true;
    },
    up: () => {
      if (away) logger.info('Redis is available: typing and presence signals pass again');
      away = false;
    },
  };
}

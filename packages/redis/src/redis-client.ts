import { Redis } from 'ioredis';

export interface RedisClientOptions {
  readonly url: string;
  readonly onError?: (error: Error) => void;
}

/**
 * A client that fails fast instead of queueing while Redis is away (the rate limiter decides what
 * an outage means), and keeps reconnecting in the background so it recovers by itself.
 */
export function createRedisClient({ url, onError }: RedisClientOptions): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    // Commands issued in the same turn of the event loop (one per request under load) share a write.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 0,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  client.on('error', (error: Error) => onError?.(error));
  return client;
}

/** Waits until the client is ready, or `timeoutMs`: false then, and it keeps trying in the background. */
export function whenReady(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      client.off('ready', ready);
      resolve(false);
    }, timeoutMs);
    const ready = () => {
      clearTimeout(timer);
      resolve(true);
    };
    client.once('ready', ready);
  });
}

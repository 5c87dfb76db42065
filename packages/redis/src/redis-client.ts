import { Cluster, Redis } from 'ioredis';

/**
 * What every adapter takes: one Redis, or a Redis Cluster through ioredis' cluster client. Both
 * speak the same commands; a cluster asks that a command's (or a script's) keys hash to one slot.
 */
export type RedisClient = Redis | Cluster;

/** A cluster's seed nodes: any few of its nodes, the client learns the rest from them. */
export interface ClusterNode {
  readonly host: string;
  readonly port: number;
}

/** Where Redis is: one server's URL, or a cluster's seed nodes. */
export type RedisTarget = { readonly url: string } | { readonly nodes: readonly ClusterNode[] };

export type RedisClientOptions<T extends RedisTarget = RedisTarget> = T & {
  readonly onError?: (error: Error) => void;
  /** A command's answer is waited for this long (a blocking read needs its block and more). */
  readonly commandTimeoutMs?: number;
};

const retryMs = (attempt: number): number => Math.min(attempt * 200, 2_000);

/**
 * A client that fails fast instead of queueing while Redis is away (the rate limiter decides what
 * an outage means), and keeps reconnecting in the background so it recovers by itself. On a
 * cluster, the same, per node; a command the cluster moves (a failover, a resharding) follows it.
 */
export function createRedisClient(options: RedisClientOptions<{ readonly url: string }>): Redis;
export function createRedisClient(options: RedisClientOptions<{ readonly nodes: readonly ClusterNode[] }>): Cluster;
export function createRedisClient(options: RedisClientOptions): RedisClient;
export function createRedisClient(options: RedisClientOptions): RedisClient {
  const perCommand = { maxRetriesPerRequest: 0, commandTimeout: options.commandTimeoutMs ?? 1_000, connectTimeout: 2_000 };
  // Commands issued in the same turn of the event loop (one per request under load) share a write.
  const client: RedisClient =
    'url' in options
      ? new Redis(options.url, { ...perCommand, enableOfflineQueue: false, enableAutoPipelining: true, retryStrategy: retryMs })
      : new Cluster(
          options.nodes.map(({ host, port }) => ({ host, port })),
          { redisOptions: perCommand, enableOfflineQueue: false, enableAutoPipelining: true, clusterRetryStrategy: retryMs },
        );
  client.on('error', (error: Error) => options.onError?.(error));
  return client;
}

/** Waits until the client is ready, or `timeoutMs`: false then, and it keeps trying in the background. */
export function whenReady(client: RedisClient, timeoutMs: number): Promise<boolean> {
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

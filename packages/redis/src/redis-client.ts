import type { ConnectionOptions } from 'node:tls';
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

/**
 * How to reach a cluster's nodes, each of them: an ACL user (or none: `default`), its password, and
 * TLS options (present: every node is spoken to over TLS; the cluster must run `tls-cluster yes`).
 * One Redis takes these in its URL (`rediss://user:password@host:port`).
 */
export interface ClusterAccess {
  readonly username?: string;
  readonly password?: string;
  readonly tls?: ConnectionOptions;
}

/** Where Redis is: one server's URL, or a cluster's seed nodes. */
export type RedisTarget = { readonly url: string } | ({ readonly nodes: readonly ClusterNode[] } & ClusterAccess);

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
export function createRedisClient(options: RedisClientOptions<{ readonly nodes: readonly ClusterNode[] } & ClusterAccess>): Cluster;
export function createRedisClient(options: RedisClientOptions): RedisClient;
export function createRedisClient(options: RedisClientOptions): RedisClient {
  const perCommand = { maxRetriesPerRequest: 0, commandTimeout: options.commandTimeoutMs ?? 1_000, connectTimeout: 2_000 };
  // Commands issued in the same turn of the event loop (one per request under load) share a write.
  const client: RedisClient =
    'url' in options
      ? new Redis(options.url, { ...perCommand, enableOfflineQueue: false, enableAutoPipelining: true, retryStrategy: retryMs })
      : new Cluster(
          options.nodes.map(({ host, port }) => ({ host, port })),
          {
            redisOptions: { ...perCommand, ...accessOf(options) },
            enableOfflineQueue: false,
            enableAutoPipelining: true,
            clusterRetryStrategy: retryMs,
            // Over TLS, nodes are named as the cluster announces them, unresolved: the certificate names the host, not its address.
            ...(options.tls ? { dnsLookup: (address: string, callback: (error: null, address: string) => void) => callback(null, address) } : {}),
          },
        );
  client.on('error', (error: Error) => options.onError?.(error));
  return client;
}

const accessOf = ({ username, password, tls }: ClusterAccess): ClusterAccess => ({
  ...(username === undefined ? {} : { username }),
  ...(password === undefined ? {} : { password }),
  ...(tls === undefined ? {} : { tls }),
});

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

import type { RedisTarget } from '@chat/redis';
import type { Config } from './config';

/**
 * Where this replica's Redis is: `REDIS_URL`'s one server, `REDIS_CLUSTER_NODES`' cluster (the
 * configuration refuses both), or none (the embedded default: everything in this process). Every
 * connection the API opens to Redis is made from it by `createRedisClient`, which answers an
 * ioredis `Redis` or `Cluster`; the adapters take either (`RedisClient`).
 */
export function redisTargetOf(config: Pick<Config, 'REDIS_URL' | 'REDIS_CLUSTER_NODES' | 'REDIS_CLUSTER_USERNAME' | 'REDIS_CLUSTER_PASSWORD' | 'REDIS_CLUSTER_TLS'>): RedisTarget | undefined {
  if (config.REDIS_CLUSTER_NODES) {
    return {
      nodes: config.REDIS_CLUSTER_NODES,
      ...(config.REDIS_CLUSTER_USERNAME === undefined ? {} : { username: config.REDIS_CLUSTER_USERNAME }),
      ...(config.REDIS_CLUSTER_PASSWORD === undefined ? {} : { password: config.REDIS_CLUSTER_PASSWORD }),
      ...(config.REDIS_CLUSTER_TLS ? { tls: {} } : {}),
    };
  }
  if (config.REDIS_URL) return { url: config.REDIS_URL };
  return undefined;
}

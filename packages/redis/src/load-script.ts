import { Cluster } from 'ioredis';
import type { RedisClient } from './redis-client';

export const isCluster = (client: RedisClient): client is Cluster => client instanceof Cluster;

export const isNoScript = (error: unknown): boolean => error instanceof Error && /^NOSCRIPT\b/.test(error.message);

/**
 * Loads a Lua script and answers its hash. On a cluster, into every master: `SCRIPT LOAD` names no
 * key, so sent as is it would reach one node, and `EVALSHA` another. A master promoted later (a
 * failover: the script cache is not replicated) answers `NOSCRIPT` once, and the caller loads again.
 */
export async function loadScript(client: RedisClient, lua: string): Promise<string> {
  const masters = isCluster(client) ? client.nodes('master') : [client];
  const hashes = await Promise.all(masters.map((node) => node.script('LOAD', lua)));
  const sha = hashes[0];
  if (typeof sha !== 'string' || hashes.some((hash) => hash !== sha)) throw new TypeError('unexpected reply from Redis');
  return sha;
}

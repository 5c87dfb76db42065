import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { isCluster, loadScript } from './load-script';
import type { RedisClient } from './redis-client';

type Scalar = string | number | boolean;
const isScalar = (value: unknown): value is Scalar => ['string', 'number', 'boolean'].includes(typeof value);

function asReply(reply: unknown): RedisReply {
  if (isScalar(reply)) return reply;
  if (Array.isArray(reply) && reply.every(isScalar)) return reply;
  throw new TypeError('unexpected reply from Redis');
}

/** Keys under a hash tag: `{key}`, so that a cluster keeps them in the slot of another key of the same tag. */
class HashTaggedRedisStore extends RedisStore {
  override prefixKey(key: string): string {
    return `${this.prefix}{${key}}`;
  }
}

/**
 * One store per limiter, each under its own prefix: a shared store would merge their counters.
 * rate-limit-redis' scripts touch one key per hit, so they run on a cluster as they are: `EVALSHA`
 * goes to the key's node (ioredis reads the key from the command), `SCRIPT LOAD` to every master
 * (see `loadScript`). `hashTagged` (on a cluster only: a single Redis keeps its key names) puts
 * each key under a hash tag, for a script elsewhere that reads it beside a key of the same tag.
 */
export function createRedisStore(client: RedisClient, prefix: string, { hashTagged = false } = {}): RedisStore {
  if (!isCluster(client)) return new RedisStore({ prefix, sendCommand: async (command: string, ...args: string[]) => asReply(await client.call(command, ...args)) });
  const Store = hashTagged ? HashTaggedRedisStore : RedisStore;
  return new Store({
    prefix,
    sendCommandCluster: async ({ command: [name = '', ...args] }) =>
      name.toUpperCase() === 'SCRIPT' && args[0]?.toUpperCase() === 'LOAD' && args[1] !== undefined ? loadScript(client, args[1]) : asReply(await client.call(name, ...args)),
  });
}

import type { Redis } from 'ioredis';
import { RedisStore, type RedisReply } from 'rate-limit-redis';

type Scalar = string | number | boolean;
const isScalar = (value: unknown): value is Scalar => ['string', 'number', 'boolean'].includes(typeof value);

function asReply(reply: unknown): RedisReply {
  if (isScalar(reply)) return reply;
  if (Array.isArray(reply) && reply.every(isScalar)) return reply;
  throw new TypeError('unexpected reply from Redis');
}

/** One store per limiter, each under its own prefix: a shared store would merge their counters. */
export function createRedisStore(client: Redis, prefix: string): RedisStore {
  return new RedisStore({
    prefix,
    sendCommand: async (command: string, ...args: string[]) => asReply(await client.call(command, ...args)),
  });
}

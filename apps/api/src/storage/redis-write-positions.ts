import type { WritePositions } from '@chat/postgres';

/** What this store needs of a Redis client: a single Redis or a cluster (one key per call). */
interface RedisCommands {
  get(key: string): Promise<string | null>;
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
}

/**
 * Never moves a position back: two writes of one caller may finish in either order. A position is
 * a byte count (an LSN), below 2^53 for any real server (8 PiB of WAL), so Lua's numbers hold it.
 */
const ADVANCE = `
local held = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > held then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
else
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 1`;

/** Each caller's last write position in Redis, shared by every API process: one key per caller. */
export class RedisWritePositions implements WritePositions {
  constructor(
    private readonly redis: RedisCommands,
    private readonly prefix: string,
  ) {}

  async get(caller: string): Promise<bigint | null> {
    const held = await this.redis.get(this.key(caller));
    return held === null ? null : BigInt(held);
  }

  async advance(caller: string, lsn: bigint, ttlMs: number): Promise<void> {
    await this.redis.eval(ADVANCE, 1, this.key(caller), lsn.toString(), ttlMs);
  }

  private key(caller: string): string {
    return `${this.prefix}wrote-at:${caller}`;
  }
}

import { MemoryWritePositions, type WritePositions } from '@chat/postgres';
import type { Redis } from '@chat/redis';
import { RedisWritePositions } from '../src/storage/redis-write-positions';
import { connect, describeWithRedis, uniquePrefix } from './redis-testing';

/** What every store of callers' write positions must do; `pass(ms)` lets time go by. */
function writePositionsContract(open: () => { positions: WritePositions; pass: (ms: number) => Promise<void> }): void {
  it('knows no position for a caller that wrote nothing', async () => {
    expect(await open().positions.get('nobody')).toBeNull();
  });

  it('keeps the furthest position, whatever order two writes finish in', async () => {
    const { positions } = open();
    await positions.advance('alice', 200n, 60_000);
    await positions.advance('alice', 100n, 60_000);
    expect(await positions.get('alice')).toBe(200n);
    await positions.advance('alice', 0x1_2345_6789n, 60_000);
    expect(await positions.get('alice')).toBe(0x1_2345_6789n);
    expect(await positions.get('bob')).toBeNull();
  });

  it('forgets a position after its time, and a later write starts it again', async () => {
    const { positions, pass } = open();
    await positions.advance('alice', 300n, 100);
    await pass(200);
    expect(await positions.get('alice')).toBeNull();
    await positions.advance('alice', 100n, 60_000);
    expect(await positions.get('alice')).toBe(100n);
  });
}

describe('MemoryWritePositions', () => {
  writePositionsContract(() => {
    let now = 0;
    return {
      positions: new MemoryWritePositions(() => now),
      pass: async (ms) => void (now += ms),
    };
  });
});

describeWithRedis('RedisWritePositions on a real Redis', () => {
  let redis: Redis;
  beforeAll(async () => {
    redis = await connect();
  });
  afterAll(async () => {
    await redis?.quit();
  });

  writePositionsContract(() => ({
    positions: new RedisWritePositions(redis, uniquePrefix()),
    pass: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }));
});

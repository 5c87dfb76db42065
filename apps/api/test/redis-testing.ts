import { randomBytes } from 'node:crypto';
import { createRedisClient, whenReady, type Redis } from '@chat/redis';
import pino, { type Logger } from 'pino';
import { loadConfig } from '../src/config';
import type { RateLimiters } from '../src/http/rate-limits';
import { createRateLimiters } from '../src/rate-limits/create-rate-limiters';
import { testDevices } from './test-app';

export const redisUp = (): boolean => process.env.TEST_REDIS_UP === '1';

/** `describe` when the real Redis answered the global setup, a loud skip otherwise (never in CI). */
export const describeWithRedis: jest.Describe = (redisUp() ? describe : describe.skip) as jest.Describe;

export const redisUrl = (): string => process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Keys of their own per test, so runs never share counters. */
export const uniquePrefix = (): string => `test-${randomBytes(6).toString('hex')}:`;

/** A logger whose lines a test can read. */
export function capturingLogger(): { logger: Logger; lines: () => { level: number; msg: string; limiter?: string }[] } {
  const raw: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void raw.push(line) });
  return { logger, lines: () => raw.map((line) => JSON.parse(line)) };
}

export function limitersFor(env: Record<string, string>, redis: Redis | undefined, logger: Logger = pino({ level: 'silent' })): RateLimiters {
  return createRateLimiters(loadConfig(env), redis, logger, { devices: testDevices });
}

export async function connect(url = redisUrl()): Promise<Redis> {
  const client = createRedisClient({ url });
  if (!(await whenReady(client, 5_000))) throw new Error(`Redis at ${url} did not become ready`);
  return client;
}

import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createRedisClient, whenReady, type Cluster, type ClusterNode, type Redis, type RedisClient, type RedisTarget } from '@chat/redis';
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
export const uniquePrefix = (): string => `chat-test-${randomBytes(6).toString('hex')}:`;

/** A logger whose lines a test can read. */
export function capturingLogger(): { logger: Logger; lines: () => { level: number; msg: string; limiter?: string }[] } {
  const raw: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void raw.push(line) });
  return { logger, lines: () => raw.map((line) => JSON.parse(line)) };
}

export function limitersFor(env: Record<string, string>, redis: RedisClient | undefined, logger: Logger = pino({ level: 'silent' })): RateLimiters {
  return createRateLimiters(loadConfig(env), redis, logger, { devices: testDevices });
}

export async function connect(url = redisUrl()): Promise<Redis> {
  const client = createRedisClient({ url });
  if (!(await whenReady(client, 5_000))) throw new Error(`Redis at ${url} did not become ready`);
  return client;
}

/** The test cluster's seed nodes (`.ci/redis-cluster` starts one; the global setup says whether it answered). */
export const clusterNodes = (): ClusterNode[] => clusterNodesOf(process.env.TEST_REDIS_CLUSTER_NODES ?? '127.0.0.1:7001,127.0.0.1:7002,127.0.0.1:7003');

/** `host:port,host:port,…` as nodes. */
export const clusterNodesOf = (setting: string): ClusterNode[] =>
  setting.split(',').map((node) => {
    const [host = '', port = ''] = node.trim().split(':');
    return { host, port: Number(port) };
  });

/** The value a replica's REDIS_CLUSTER_NODES takes for the test cluster. */
export const clusterNodesSetting = (): string => clusterNodes().map(({ host, port }) => `${host}:${port}`).join(',');

export const redisClusterUp = (): boolean => process.env.TEST_REDIS_CLUSTER_UP === '1';

export async function connectCluster(): Promise<Cluster> {
  const client = createRedisClient({ nodes: clusterNodes() });
  if (!(await whenReady(client, 5_000))) throw new Error(`the Redis Cluster at ${clusterNodesSetting()} did not become ready`);
  return client;
}

/** A shape of Redis a suite runs against: one server, or a cluster. */
export interface RedisShape {
  readonly name: 'single' | 'cluster';
  connect(): Promise<RedisClient>;
  /** Where it is, for a client of the test's own making. */
  target(): RedisTarget;
  /** The replica settings that reach it. */
  env(): Record<string, string>;
}

const SHAPES: readonly (RedisShape & { readonly title: string; up(): boolean })[] = [
  { name: 'single', title: 'one Redis', up: redisUp, connect: () => connect(), target: () => ({ url: redisUrl() }), env: () => ({ REDIS_URL: redisUrl() }) },
  {
    name: 'cluster',
    title: 'a Redis Cluster',
    up: redisClusterUp,
    connect: connectCluster,
    target: () => ({ nodes: clusterNodes() }),
    env: () => ({ REDIS_CLUSTER_NODES: clusterNodesSetting() }),
  },
];

/**
 * The suite once on the real Redis and once on the real Redis Cluster, `(<shape>)` after its title;
 * a shape that did not answer the global setup is skipped loudly (never in CI: the setup fails).
 */
export function describeEachRedis(title: string, suite: (shape: RedisShape) => void): void {
  for (const shape of SHAPES) (shape.up() ? describe : describe.skip)(`${title} (${shape.title})`, () => suite(shape));
}

/** Whether Debian's `redis-server` can be started here (for a server a test may restart or flush). */
export const redisServerFound = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
if (!redisServerFound && process.env.CI === 'true') throw new Error('redis-server is not installed: CI needs it (apt-get install redis-server)');

/** `it` when a private Redis can be started, a loud skip otherwise (never in CI). */
export const itWithPrivateRedis: jest.It = redisServerFound ? it : it.skip;
if (!redisServerFound) process.stderr.write('\n!!! redis-server not found: tests that need a Redis of their own are SKIPPED !!!\n');

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/**
 * A Redis of the test's own, on a free port, without persistence: for what must never be done to
 * a developer's server (flushing its scripts, restarting it). Stopped by `stop`.
 */
export async function startPrivateRedis(): Promise<{ readonly url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 5_000;
  for (;;) {
    const probe = createRedisClient({ url });
    const ready = await whenReady(probe, 500);
    probe.disconnect();
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server on port ${port} did not start`);
    }
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const CLUSTER_SCRIPT = join(__dirname, '..', '..', '..', '.ci', 'redis-cluster');

/**
 * A Redis Cluster of the test's own (3 masters, 3 replicas, from `.ci/redis-cluster`) on the six
 * ports from `firstPort`: for what must never be done to the shared one (killing a master).
 */
export function startPrivateCluster(firstPort: number): { readonly nodes: string; stop(): void } {
  const env = { ...process.env, REDIS_CLUSTER_FIRST_PORT: String(firstPort) };
  const started = spawnSync(CLUSTER_SCRIPT, [], { env, encoding: 'utf8' });
  if (started.status !== 0) throw new Error(`the private cluster did not start: ${started.stderr}`);
  return { nodes: started.stdout.trim(), stop: () => void spawnSync(CLUSTER_SCRIPT, ['stop'], { env }) };
}

/**
 * A private cluster on the six ports from `firstPort`, started before the suite (its clients need
 * its nodes) and stopped after; none where redis-server is missing (the tests are skipped then).
 */
export function startPrivateClusterOnce(firstPort: number): { nodes(): string } {
  let started: ReturnType<typeof startPrivateCluster> | undefined;
  beforeAll(() => {
    if (redisServerFound) started = startPrivateCluster(firstPort);
  }, 60_000);
  afterAll(() => started?.stop());
  return {
    nodes: () => {
      if (!started) throw new Error('the cluster starts before the suite');
      return started.nodes;
    },
  };
}

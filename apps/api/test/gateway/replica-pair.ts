import { createPostgresDatabase, postgresUp, type TestDatabase } from '@chat/postgres/testing';
import { clusterNodesSetting, redisClusterUp, uniquePrefix } from '../redis-testing';
import { startReplica, type Replica } from '../replica-process';
import type { Clients } from './gateway-client';

/** Two replicas of one suite, and the settings they were started with (for a third). */
export interface ReplicaPair {
  a: Replica;
  b: Replica;
  env: Record<string, string>;
}

/**
 * A and B on a database of their own, started before the suite's tests with `settings` and stopped
 * after them, the database dropped; `clients`' sockets are closed after each test. Read the pair's
 * fields in tests and hooks only: they are set once the suite starts.
 */
export function replicaPair(clients: Clients, settings: (databaseUrl: string) => Record<string, string>): ReplicaPair {
  const pair = {} as ReplicaPair;
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    pair.env = settings(database.url);
    [pair.a, pair.b] = await Promise.all([startReplica(pair.env), startReplica(pair.env)]);
  }, 60_000);
  afterEach(() => clients.closeAll());
  afterAll(async () => {
    clients.closeAll();
    await Promise.all([pair.a?.stop(), pair.b?.stop()]);
    await database?.drop();
  }, 60_000);
  return pair;
}

/** `describe` when the real PostgreSQL and Redis Cluster answered the global setup, a loud skip otherwise (never in CI). */
export const describeWithPostgresAndCluster: jest.Describe = (postgresUp() && redisClusterUp() ? describe : describe.skip) as jest.Describe;

/** The settings of replicas sharing `databaseUrl` and the test Redis Cluster, under a key prefix of their own, with room for a test's traffic. */
export const clusterReplicaSettings = (databaseUrl: string, jwtSecret: string): Record<string, string> => ({
  DATABASE_URL: databaseUrl,
  REDIS_CLUSTER_NODES: clusterNodesSetting(),
  REDIS_KEY_PREFIX: uniquePrefix(),
  JWT_SECRET: jwtSecret,
  RATE_LIMIT_SEND_MESSAGE: '100000/10s',
  RATE_LIMIT_REGISTER: '1000/1h',
  RATE_LIMIT_LOGIN: '1000/60s',
});

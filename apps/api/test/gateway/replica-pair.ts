import { createPostgresDatabase, type TestDatabase } from '@chat/postgres/testing';
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

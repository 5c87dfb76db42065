import type { ChatDatabase } from '@chat/postgres';
import { createPostgresDatabase, type TestDatabase } from '@chat/postgres/testing';
import pino from 'pino';
import { loadConfig } from '../src/config';
import type { Adapters } from '../src/container';
import { openStorage, type Storage } from '../src/storage/storage';
import { buildTestApp, type TestApp } from './test-app';

/**
 * A test app on a PostgreSQL database of its own for the enclosing `describeWithPostgres` block,
 * opened before its tests and dropped after them; the answer gives the app inside a test.
 */
export function aPostgresTestApp(): () => TestApp {
  return aPostgresTestAppWithDatabase().app;
}

/** `aPostgresTestApp`, and its database, for a test that writes rows directly (many at once, say). */
export function aPostgresTestAppWithDatabase(overrides: Partial<Adapters> = {}): { app: () => TestApp; db: () => ChatDatabase } {
  let database: TestDatabase | undefined;
  let storage: Storage | undefined;
  let app: TestApp | undefined;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // DATABASE_URL needs a JWT_SECRET (every replica signs with it); the test app's tokens use their own.
    const config = loadConfig({ DATABASE_URL: database.url, JWT_SECRET: 'postgres-test-secret-0123456789abcdefghij', SCRYPT_COST: '1024' });
    storage = await openStorage(config, pino({ level: 'silent' }), { onLeaseLost: () => undefined });
    app = await buildTestApp({ stores: storage.stores, unitOfWork: storage.unitOfWork, history: storage.history, ids: storage.ids, ...overrides });
  }, 30_000);

  afterAll(async () => {
    await storage?.close();
    await database?.drop();
  });

  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the PostgreSQL test app opens in beforeAll: use it inside a test');
    return value;
  };
  return { app: () => opened(app), db: () => opened(database).db };
}

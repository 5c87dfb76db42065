import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from '@chat/postgres/testing';
import pino from 'pino';
import { loadConfig } from '../src/config';
import { openStorage, type Storage } from '../src/storage/storage';
import { describeChannelRoutes } from './channels-routes';
import { buildTestApp, type TestApp } from './test-app';

describeWithPostgres('channels on PostgreSQL', () => {
  let database: TestDatabase;
  let storage: Storage;
  let t: TestApp;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const config = loadConfig({ DATABASE_URL: database.url, JWT_SECRET: 'channels-test-secret-0123456789abcdefghij', SCRYPT_COST: '1024' });
    storage = await openStorage(config, pino({ level: 'silent' }), { onLeaseLost: () => undefined });
    t = await buildTestApp({ stores: storage.stores, unitOfWork: storage.unitOfWork, history: storage.history, ids: storage.ids });
  }, 30_000);

  afterAll(async () => {
    await storage?.close();
    await database?.drop();
  });

  describeChannelRoutes('PostgreSQL', () => t);
});

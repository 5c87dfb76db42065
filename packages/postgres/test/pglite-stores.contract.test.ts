import { createKyselyStores, type Database } from '@chat/postgres';
import { describeEventLogContract, describeStoreContracts } from '@chat/domain/testing/contracts';
import { kyselyEventStores } from './event-stores';
import type { Kysely } from 'kysely';
import { createPgliteDatabase } from './test-databases';

let db: Kysely<Database> | undefined;

describeStoreContracts('Kysely on PGlite', async () => {
  db ??= await createPgliteDatabase();
  return createKyselyStores(db);
});

describeEventLogContract('Kysely on PGlite', async () => {
  db ??= await createPgliteDatabase();
  return kyselyEventStores(db);
});

afterAll(async () => {
  await db?.destroy();
});

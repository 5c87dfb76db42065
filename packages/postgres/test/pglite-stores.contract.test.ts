import { createKyselyStores, type Database } from '@chat/postgres';
import { describeStoreContracts } from '@chat/domain/testing/contracts';
import type { Kysely } from 'kysely';
import { createPgliteDatabase } from './test-databases';

let db: Kysely<Database> | undefined;

describeStoreContracts('Kysely on PGlite', async () => {
  db ??= await createPgliteDatabase();
  return createKyselyStores(db);
});

afterAll(async () => {
  await db?.destroy();
});

import { createKyselyStores } from '@chat/postgres';
import { describeStoreContracts } from '@chat/domain/testing/contracts';
import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

let database: TestDatabase | undefined;

describeWithPostgres('on the real PostgreSQL', () => {
  describeStoreContracts('Kysely on node-pg', async () => {
    database ??= await createPostgresDatabase();
    return createKyselyStores(database.db);
  });

  afterAll(async () => {
    await database?.drop();
  });
});

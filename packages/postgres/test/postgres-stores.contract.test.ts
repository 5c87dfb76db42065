import { createKyselyStores } from '@chat/postgres';
import { describeEventLogContract, describeStoreContracts } from '@chat/domain/testing/contracts';
import { kyselyEventStores } from './event-stores';
import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from './test-databases';

let database: TestDatabase | undefined;

describeWithPostgres('on the real PostgreSQL', () => {
  describeStoreContracts('Kysely on node-pg', async () => {
    database ??= await createPostgresDatabase();
    return createKyselyStores(database.db);
  });

  describeEventLogContract('Kysely on node-pg', async () => {
    database ??= await createPostgresDatabase();
    return kyselyEventStores(database.db);
  });

  afterAll(async () => {
    await database?.drop();
  });
});

import { randomBytes } from 'node:crypto';
import { Kysely, sql } from 'kysely';
import { migrateToLatest, openPglite, openPostgres, type Database } from '@chat/postgres';

export const postgresUp = (): boolean => process.env.TEST_POSTGRES_UP === '1';

/** `describe` when the real PostgreSQL answered the global setup, a loud skip otherwise (never in CI). */
export const describeWithPostgres: jest.Describe = (postgresUp() ? describe : describe.skip) as jest.Describe;

/** A streaming replica of the test server answered the global setup (`.ci/pg-replica` starts one on 5433). */
export const replicaUp = (): boolean => postgresUp() && process.env.TEST_PG_REPLICA_UP === '1';

/** `describe` when the replica answered too, a loud skip otherwise (never in CI: the global setup fails first). */
export const describeWithReplica: jest.Describe = (replicaUp() ? describe : describe.skip) as jest.Describe;

/** The same database as `url`, on the streaming replica. */
export function replicaUrlOf(url: string): string {
  const replica = new URL(process.env.TEST_PG_REPLICA_URL ?? 'postgres://postgres@127.0.0.1:5433/test');
  replica.pathname = new URL(url).pathname;
  return replica.toString();
}

export const adminUrl = (): string => process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase {
  readonly db: Kysely<Database>;
  readonly url: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database on the real server, so test files never see each other's rows. */
export async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `chat_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres({ url: adminUrl(), poolSize: 1 });
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const db = openPostgres({ url: url.toString(), poolSize: 5 });
  await migrateToLatest(db);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.destroy();
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    },
  };
}

export async function createPgliteDatabase(): Promise<Kysely<Database>> {
  const db = openPglite();
  await migrateToLatest(db);
  return db;
}

import { Writable } from 'node:stream';
import { createMemoryStores, MemoryState } from '@chat/domain/testing';
import type { ChatDatabase } from '@chat/postgres';
import { createPgliteDatabase, createPostgresDatabase, describeWithPostgres, type TestDatabase } from '@chat/postgres/testing';
import { createLogger } from '../src/observability/logger';
import { buildTestApp } from './test-app';

/** A logger like production's, writing into a string. */
function capturedLogger() {
  let text = '';
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return { logger: createLogger('info', sink), text: () => text };
}

const SECRET = 'secret-parameter-7f3a';

/** Statements that fail in the ways a driver reports with the SQL, its parameters or a quoted value. */
async function failures(db: ChatDatabase): Promise<unknown[]> {
  const errors: unknown[] = [];
  const attempt = async (run: () => Promise<unknown>) => {
    await run().then(
      () => {
        throw new Error('the statement was meant to fail');
      },
      (error: unknown) => errors.push(error),
    );
  };
  const user = (id: string) => ({ id, username: `u${id}`, email: SECRET, password_hash: 'x', created_at: new Date() });
  await attempt(() => db.selectNoFrom((eb) => eb.cast(eb.val(SECRET), 'integer').as('not_a_number')).execute());
  await attempt(() => db.selectNoFrom((eb) => eb.val(`${SECRET}\u0000`).as('has_a_nul')).execute());
  await db.insertInto('users').values(user('1')).execute();
  await attempt(() => db.insertInto('users').values(user('2')).execute());
  return errors;
}

function expectNothingOfTheStatement(logged: string): void {
  expect(logged).not.toContain(SECRET);
  expect(logged).not.toMatch(/select cast|insert into|\$1/i);
  expect(logged).not.toMatch(/"(query|params|detail|where)"/);
}

describe('error logs', () => {
  let pglite: ChatDatabase;
  let driverErrors: unknown[];

  beforeAll(async () => {
    pglite = await createPgliteDatabase();
    driverErrors = await failures(pglite);
  }, 30_000);

  afterAll(async () => {
    await pglite?.destroy();
  });

  it('keep neither the SQL nor its parameters of a failing PGlite statement, but keep its SQLSTATE', () => {
    const { logger, text } = capturedLogger();
    for (const err of driverErrors) logger.error({ err }, 'unhandled error');
    expectNothingOfTheStatement(text());
    expect(text().split('\n').filter(Boolean).map((line) => JSON.parse(line).err.code)).toEqual(['22P02', '22021', '23505']);
  });

  it('keep them out when the driver error is the cause of another', () => {
    const { logger, text } = capturedLogger();
    logger.error({ err: new Error('the unit of work failed', { cause: driverErrors[2] }) }, 'unhandled error');
    expectNothingOfTheStatement(text());
    expect(JSON.parse(text()).err.cause.constraint).toMatch(/email/);
  });

  it('keep them out of the error middleware\'s log of a 500', async () => {
    const { logger, text } = capturedLogger();
    const stores = createMemoryStores(new MemoryState());
    Object.assign(stores.servers, { create: () => Promise.reject(driverErrors[0]) });
    const t = await buildTestApp({ stores }, { logger });
    const alice = await t.register();
    const res = await t.http().post('/api/servers').set('Authorization', alice.token).send({ name: 'Test' });
    expect(res.status).toBe(500);
    expect(JSON.parse(text()).err.code).toBe('22P02');
    expectNothingOfTheStatement(text());
  });
});

describe('error logs of Redis', () => {
  it("keep why every cluster node refused (ioredis' lastNodeError), never the AUTH arguments it carries", () => {
    const refusal = Object.assign(new Error('WRONGPASS invalid username-password pair or user is disabled.'), { command: { name: 'auth', args: ['app', SECRET] } });
    const failed = Object.assign(new Error('Failed to refresh slots cache.'), { lastNodeError: refusal });
    const { logger, text } = capturedLogger();

    logger.warn({ err: failed }, 'cannot reach Redis; retrying in the background');

    expect(text()).toContain('WRONGPASS invalid username-password pair');
    expect(text()).not.toContain(SECRET);
  });
});

describeWithPostgres('error logs on PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createPostgresDatabase();
  }, 30_000);

  afterAll(async () => {
    await database?.drop();
  });

  it('keep neither the SQL, its parameters nor a quoted value of a failing statement', async () => {
    const errors = await failures(database.db);
    const { logger, text } = capturedLogger();
    for (const err of errors) logger.error({ err }, 'unhandled error');
    expectNothingOfTheStatement(text());
    expect(text().split('\n').filter(Boolean).map((line) => JSON.parse(line).err.code)).toEqual(['22P02', '22021', '23505']);
  });
});

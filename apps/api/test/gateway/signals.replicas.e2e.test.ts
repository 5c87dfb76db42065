import { createPostgresDatabase, postgresUp, type TestDatabase } from '@chat/postgres/testing';
import { startReplica, type Replica } from '../replica-process';
import { redisUp, uniquePrefix } from '../redis-testing';
import { Clients } from './gateway-client';
import { typingReachesThoseWhoSee } from './signal-scenarios';

/** `describe` when both the real PostgreSQL and Redis answered the global setup, a loud skip otherwise (never in CI). */
const describeWithPostgresAndRedis: jest.Describe = (postgresUp() && redisUp() ? describe : describe.skip) as jest.Describe;

/* A and B: two replicas on one PostgreSQL and one Redis (their own key prefix), passing signals between them. */
describeWithPostgresAndRedis('signals between two replicas sharing PostgreSQL and Redis', () => {
  const clients = new Clients();
  let database: TestDatabase;
  let env: Record<string, string>;
  let a: Replica;
  let b: Replica;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: uniquePrefix(),
      JWT_SECRET: 'signal-replicas-share-this-secret-0123456789',
      RATE_LIMIT_REGISTER: '1000/1h',
      RATE_LIMIT_LOGIN: '1000/60s',
    };
    [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
  }, 60_000);

  afterEach(() => clients.closeAll());

  afterAll(async () => {
    clients.closeAll();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  }, 60_000);

  it('typing through A is heard live on B by those who see the channel, not by the typist or a stranger; a resume on A does not replay it', async () => {
    await typingReachesThoseWhoSee(clients, { write: a.url, read: b.url, resumeOn: a.url });
  }, 20_000);
});

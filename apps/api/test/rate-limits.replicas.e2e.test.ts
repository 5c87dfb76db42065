import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from '@chat/postgres/testing';
import request from 'supertest';
import { describeEachRedis, uniquePrefix } from './redis-testing';
import { startReplica, type Replica } from './replica-process';

describeWithPostgres('the message limit across two replicas', () => {
  describeEachRedis('sharing Redis', (shape) => {
    let database: TestDatabase;
    let a: Replica;
    let b: Replica;

    beforeAll(async () => {
      database = await createPostgresDatabase();
      const env = {
        DATABASE_URL: database.url,
        ...shape.env(),
        REDIS_KEY_PREFIX: uniquePrefix(),
        JWT_SECRET: 'replicas-share-this-secret-0123456789abcdef',
        // Logins below come from one address: only the per-account limit is under test.
        RATE_LIMIT_LOGIN: '1000/60s',
        RATE_LIMIT_WRITES: '6/60s',
      };
      [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
    }, 60_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await database?.drop();
    });

    it('counts one user’s writes on both: 3 on each, then the 7th is refused on either', async () => {
      const registered = await request(a.url).post('/api/users/register').send({ username: 'writer', email: 'writer@example.com', password: 'correct horse' });
      const token: string = registered.body.token;
      const create = (replica: Replica) => request(replica.url).post('/api/servers').set('Authorization', token).send({ name: 'One more' });
      for (let i = 0; i < 3; i++) expect((await create(a)).status).toBe(201);
      for (let i = 0; i < 3; i++) expect((await create(b)).status).toBe(201);
      const [onA, onB] = [await create(a), await create(b)];
      expect([onA.status, onB.status]).toEqual([429, 429]);
    });

    it('counts failed logins of one account on both: 5 on each, then the 11th is refused on either', async () => {
      await request(a.url).post('/api/users/register').send({ username: 'sprayed', email: 'sprayed@example.com', password: 'correct horse' });
      const attempt = (replica: Replica, password = 'wrong password') => request(replica.url).post('/api/users/login').send({ username: 'sprayed', password });
      for (let i = 0; i < 5; i++) expect((await attempt(a)).status).toBe(401);
      for (let i = 0; i < 5; i++) expect((await attempt(b)).status).toBe(401);
      const [onA, onB] = [await attempt(a, 'correct horse'), await attempt(b, 'correct horse')];
      expect([onA.status, onB.status]).toEqual([429, 429]);
      expect(onB.headers['ratelimit-policy']).toMatch(/(^|, )"loginAccount"; q=10; w=300/);
    });

    it('accepts 8 messages on one and 7 on the other, then refuses the 16th on either', async () => {
      const registered = await request(a.url).post('/api/users/register').send({ username: 'alice', email: 'alice@example.com', password: 'correct horse' });
      const token: string = registered.body.token;
      const server = await request(b.url).post('/api/servers').set('Authorization', token).send({ name: 'Limits' });
      const path = `/api/channels/${server.body.defaultChannelId}/messages`;
      const post = (replica: Replica) => request(replica.url).post(path).set('Authorization', token).send({ content: 'hi' });

      for (let i = 0; i < 8; i++) expect((await post(a)).status).toBe(201);
      for (let i = 0; i < 7; i++) expect((await post(b)).status).toBe(201);
      const [onA, onB] = [await post(a), await post(b)];
      expect([onA.status, onB.status]).toEqual([429, 429]);
      expect(onA.body.code).toBe('RATE_LIMITED');

      const stored = await request(a.url).get(`${path}?limit=50`).set('Authorization', token);
      expect(stored.body).toHaveLength(15);
    });
  });
});

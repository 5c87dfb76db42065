import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from '@chat/postgres/testing';
import request from 'supertest';
import { startReplica, type Replica } from './replica-process';

const workerOf = (id: string): number => Number((BigInt(id) >> 12n) & 1023n);

describeWithPostgres('two API replicas on one PostgreSQL', () => {
  let database: TestDatabase;
  let a: Replica;
  let b: Replica;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    // The id test sends 60 messages at once: the message limit is raised, as an operator would for a load test.
    const env = { DATABASE_URL: database.url, JWT_SECRET: 'replicas-share-this-secret-0123456789abcdef', RATE_LIMIT_SEND_MESSAGE: '1000/10s' };
    // Started together: migrations and worker-id leases race, as in a rolling deploy.
    [a, b] = await Promise.all([startReplica(env), startReplica(env)]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it('reads on one replica what the other wrote, and revokes a session everywhere', async () => {
    const registered = await request(a.url).post('/api/users/register').send({ username: 'alice', email: 'alice@example.com', password: 'correct horse' });
    expect(registered.status).toBe(201);
    const token: string = registered.body.token;

    const server = await request(b.url).post('/api/servers').set('Authorization', token).send({ name: 'Shared' });
    expect(server.status).toBe(201);
    const sent = await request(a.url).post(`/api/channels/${server.body.defaultChannelId}/messages`).set('Authorization', token).send({ content: 'from A' });
    expect(sent.status).toBe(201);
    const page = await request(b.url).get(`/api/channels/${server.body.defaultChannelId}/messages`).set('Authorization', token);
    expect({ status: page.status, contents: page.body.map((m: { content: string }) => m.content) }).toEqual({ status: 200, contents: ['from A'] });

    expect((await request(b.url).post('/api/users/logout').set('Authorization', token)).status).toBe(204);
    expect((await request(a.url).get('/api/users/@me/servers').set('Authorization', token)).status).toBe(401);
  });

  it('replays a message retried with its Idempotency-Key on the other replica, without a second message', async () => {
    const registered = await request(a.url).post('/api/users/register').send({ username: 'carol', email: 'carol@example.com', password: 'correct horse' });
    const token: string = registered.body.token;
    const server = await request(a.url).post('/api/servers').set('Authorization', token).set('Idempotency-Key', 'server-1').send({ name: 'Retries' });
    const path = `/api/channels/${server.body.defaultChannelId}/messages`;
    const post = (replica: Replica, content: string) => request(replica.url).post(path).set('Authorization', token).set('Idempotency-Key', '"5b2c-retry"').send({ content });

    const first = await post(a, 'sent once');
    const retried = await post(b, 'sent once');
    const changed = await post(b, 'sent twice?');

    expect(first.status).toBe(201);
    expect({ status: retried.status, body: retried.body, replayed: retried.headers['idempotent-replayed'] }).toEqual({ status: 201, body: first.body, replayed: 'true' });
    expect(changed.status).toBe(422);
    const again = await request(b.url).post('/api/servers').set('Authorization', token).set('Idempotency-Key', 'server-1').send({ name: 'Retries' });
    expect(again.body.id).toBe(server.body.id);
    const page = await request(a.url).get(path).set('Authorization', token);
    expect(page.body.map((m: { content: string }) => m.content)).toEqual(['sent once']);
    expect((await request(b.url).get('/api/users/@me/servers').set('Authorization', token)).body).toHaveLength(1);
  });

  it('never hands out the same id from both replicas', async () => {
    const login = await request(a.url).post('/api/users/register').send({ username: 'bob', email: 'bob@example.com', password: 'correct horse' });
    const token: string = login.body.token;
    const server = await request(a.url).post('/api/servers').set('Authorization', token).send({ name: 'Ids' });
    const channel: string = server.body.defaultChannelId;

    const sends = Array.from({ length: 60 }, (_, i) =>
      request(i % 2 ? a.url : b.url).post(`/api/channels/${channel}/messages`).set('Authorization', token).send({ content: `m${i}` }),
    );
    const ids = (await Promise.all(sends)).map((res) => {
      expect(res.status).toBe(201);
      return res.body.id as string;
    });
    expect(new Set(ids).size).toBe(60);
    expect(new Set(ids.map(workerOf)).size).toBe(2);

    const everything = await request(a.url).get(`/api/channels/${channel}/messages?limit=50`).set('Authorization', token);
    const older = await request(b.url).get(`/api/channels/${channel}/messages?limit=50&before=${everything.body[0].id}`).set('Authorization', token);
    expect([...older.body, ...everything.body].map((m: { id: string }) => m.id).sort()).toEqual([...ids].sort());
  });
});

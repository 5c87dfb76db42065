import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from '@chat/postgres/testing';
import request from 'supertest';
import { startReplica, type Replica } from './replica-process';
import { RoundRobinBalancer } from './round-robin-balancer';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWithPostgres('a rolling restart behind a load balancer', () => {
  let database: TestDatabase;
  const balancer = new RoundRobinBalancer();
  const replicas: Replica[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    env = { DATABASE_URL: database.url, JWT_SECRET: 'rolling-restart-secret-0123456789abcdef', RATE_LIMIT_SEND_MESSAGE: '100000/10s' };
    replicas.push(...(await Promise.all([startReplica(env), startReplica(env)])));
    balancer.backends = replicas.map((r) => new URL(r.url));
    await balancer.start();
  }, 60_000);

  afterAll(async () => {
    await balancer.stop();
    await Promise.all(replicas.map((r) => r.stop()));
    await database?.drop();
  });

  it('loses no request while one of two replicas drains, exits 0 and is replaced', async () => {
    const registered = await request(balancer.url).post('/api/users/register').send({ username: 'alice', email: 'alice@example.com', password: 'correct horse' });
    const token: string = registered.body.token;
    const server = await request(balancer.url).post('/api/servers').set('Authorization', token).send({ name: 'Rolling' });
    const path = `/api/channels/${server.body.defaultChannelId}/messages`;

    const statuses: number[] = [];
    let running = true;
    const worker = async (n: number) => {
      for (let i = 0; running; i++) {
        const res =
          i % 2 === 0
            ? await request(balancer.url).post(path).set('Authorization', token).send({ content: `w${n}-${i}` })
            : await request(balancer.url).get(`${path}?limit=10`).set('Authorization', token);
        statuses.push(res.status);
      }
    };
    const traffic = Promise.all([0, 1, 2, 3].map(worker));

    await sleep(700);
    const old = replicas[0] as Replica;
    const exitCode = await old.stop('SIGTERM');
    const replacement = await startReplica(env);
    replicas[0] = replacement;
    balancer.backends = replicas.map((r) => new URL(r.url));
    await sleep(700);
    running = false;
    await traffic;

    expect(exitCode).toBe(0);
    expect(old.logs.join('\n')).toMatch(/draining[\s\S]*stopped/);
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    const sent = statuses.filter((s) => s === 201).length;
    const page = await request(balancer.url).get(`${path}?limit=1`).set('Authorization', token);
    expect(page.status).toBe(200);
    // Every accepted message is stored exactly once: count them by walking back.
    let seen = 0;
    let before: string | undefined;
    for (;;) {
      const res = await request(balancer.url).get(`${path}?limit=50${before ? `&before=${before}` : ''}`).set('Authorization', token);
      if (res.body.length === 0) break;
      seen += res.body.length;
      before = res.body[0].id;
    }
    expect(seen).toBe(sent);
  }, 60_000);
});

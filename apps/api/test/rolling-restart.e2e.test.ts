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
    // The balancer polls /ready every 100 ms; a draining replica keeps serving for 1 s before it
    // closes its listener, so no new connection reaches it once it is closed.
    env = {
      DATABASE_URL: database.url,
      JWT_SECRET: 'rolling-restart-secret-0123456789abcdef',
      RATE_LIMIT_SEND_MESSAGE: '100000/10s',
      SHUTDOWN_DELAY_MS: '1000',
    };
    replicas.push(...(await Promise.all([startReplica(env), startReplica(env)])));
    balancer.backends = replicas.map((r) => new URL(r.url));
    await balancer.start();
    await balancer.whenAllReady();
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
    // The old replica is stopped while its replacement starts; for a while one replica serves alone.
    const old = replicas[0] as Replica;
    const [exitCode, replacement] = await Promise.all([old.stop('SIGTERM'), startReplica(env)]);
    replicas[0] = replacement;
    balancer.backends = replicas.map((r) => new URL(r.url));
    await balancer.whenAllReady();
    await sleep(700);
    running = false;
    await traffic;

    expect(exitCode).toBe(0);
    expect(old.logs.join('\n')).toMatch(/draining[\s\S]*stopped/);
    expect(statuses.length).toBeGreaterThan(50);
    expect(statuses.filter((s) => s !== 200 && s !== 201)).toEqual([]);
    // The drain was clean: no connection was refused or reset, so no retry hid a lost request.
    expect(balancer.retries).toBe(0);
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

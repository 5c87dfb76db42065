import type { Redis } from '@chat/redis';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../src/app';
import { buildContainer, resolveServices } from '../src/container';
import { readinessOf } from '../src/observability/readiness';
import { buildTestApp, type TestApp } from './test-app';
import { capturingLogger, connect, describeWithRedis, limitersFor, redisUrl, uniquePrefix } from './redis-testing';
import { TcpProxy } from './tcp-proxy';

const send = (t: TestApp, token: string, channelId: string) =>
  t.http().post(`/api/channels/${channelId}/messages`).set('Authorization', token).send({ content: 'hi' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `check` holds, asking every 50 ms; fails after `ms`. */
async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  for (const deadline = Date.now() + ms; !(await check()); ) {
    if (Date.now() > deadline) throw new Error(`not so after ${ms} ms`);
    await sleep(50);
  }
}

describeWithRedis('rate limits when Redis goes away', () => {
  const target = new URL(redisUrl());
  const proxy = new TcpProxy(target.hostname, Number(target.port || 6379));
  let viaProxy: Redis;
  let direct: Redis;

  beforeAll(async () => {
    await proxy.start();
    viaProxy = await connect(`redis://127.0.0.1:${proxy.port}`);
    direct = await connect();
  });

  afterAll(async () => {
    viaProxy.disconnect();
    await direct.quit();
    await proxy.cut();
  });

  it('reports Redis down on /ready while the API keeps serving', async () => {
    const t = await buildTestApp();
    const app = createApp(resolveServices(buildContainer(t.adapters)), {
      logger: pino({ level: 'silent' }),
      trustProxy: 0,
      readiness: readinessOf({ redis: () => viaProxy.ping() }),
    });
    expect((await request(app).get('/ready')).body).toEqual({ status: 'ready', checks: { redis: 'up' } });
    await proxy.cut();
    const down = await request(app).get('/ready');
    expect({ status: down.status, body: down.body }).toEqual({ status: 503, body: { status: 'unavailable', checks: { redis: 'down' }, requestId: expect.any(String) } });
    expect((await request(app).get('/health')).status).toBe(200);
    await proxy.start();
    // Ready again once the client is back (its reconnects back off up to 2 s; longer on a loaded machine).
    await until(async () => (await request(app).get('/ready')).status === 200, 12_000);
  }, 20_000);

  it('keeps messages flowing, falls back to a per-replica login limit, logs once, and resumes shared limits', async () => {
    const prefix = uniquePrefix();
    const { logger, lines } = capturingLogger();
    // Replica A reaches Redis through the proxy; replica B directly. One user's app state is shared.
    const a = await buildTestApp({}, { rateLimiters: limitersFor({ REDIS_KEY_PREFIX: prefix }, viaProxy, logger) });
    const b = await buildTestApp(a.adapters, { rateLimiters: limitersFor({ REDIS_KEY_PREFIX: prefix }, direct) });
    const { owner, channelId } = await a.aServerWithMember();
    await a.register('target');

    await proxy.cut();
    for (let i = 0; i < 20; i++) expect((await send(a, owner.token, channelId)).status).toBe(201);
    for (let i = 0; i < 10; i++) expect((await a.http().post('/api/users/login').send({ username: 'target', password: 'wrong password' })).status).toBe(401);
    expect((await a.http().post('/api/users/login').send({ username: 'target', password: 'wrong password' })).status).toBe(429);

    const warnings = lines().filter((line) => line.level === 40);
    expect(warnings.map((w) => w.limiter).sort()).toEqual(['login', 'loginAccount', 'loginNetwork', 'sendMessage']);

    await proxy.start();
    // The client reconnects (its back-off is up to 2 s), then each limiter retries its store within a second.
    await until(async () => viaProxy.status === 'ready', 12_000);
    await sleep(1_500);
    expect((await send(a, owner.token, channelId)).status).toBe(201);
    const other = await a.register('other');
    const server = await a.createServer(other, 'After');
    for (let i = 0; i < 8; i++) expect((await send(a, other.token, server.defaultChannelId)).status).toBe(201);
    for (let i = 0; i < 7; i++) expect((await send(b, other.token, server.defaultChannelId)).status).toBe(201);
    expect((await send(a, other.token, server.defaultChannelId)).status).toBe(429);
    expect((await send(b, other.token, server.defaultChannelId)).status).toBe(429);
    expect(lines().filter((line) => line.msg.includes('uses the shared limit')).map((l) => l.limiter)).toContain('sendMessage');
  }, 40_000);
});

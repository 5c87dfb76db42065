import { pingDatabase } from '@chat/postgres';
import { createPostgresDatabase, describeWithPostgres, type TestDatabase } from '@chat/postgres/testing';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { buildContainer, productionAdapters, resolveServices, systemClock } from '../src/container';
import { openSignals } from '../src/signals/open-signals';
import { readinessOf } from '../src/observability/readiness';
import { openStorage, type Storage } from '../src/storage/storage';
import { problemBody } from './test-app';
import { TcpProxy } from './tcp-proxy';

describeWithPostgres('when PostgreSQL goes away', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let storage: Storage;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    const target = new URL(database.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const viaProxy = new URL(database.url);
    viaProxy.port = String(proxy.port);
    const config = loadConfig({ DATABASE_URL: viaProxy.toString(), JWT_SECRET: 'outage-test-secret-0123456789abcdefghij', SCRYPT_COST: '1024' });
    const logger = pino({ level: 'silent' });
    storage = await openStorage(config, logger, { onLeaseLost: () => undefined });
    app = createApp(resolveServices(buildContainer(await productionAdapters(config, storage, await openSignals(config, undefined, systemClock, logger), logger))), {
      logger,
      trustProxy: 0,
      isUnavailable: storage.isUnavailable,
      readiness: readinessOf({ postgres: () => pingDatabase(storage.db) }),
    });
  }, 30_000);

  afterAll(async () => {
    await proxy?.cut();
    await storage?.close().catch(() => undefined);
    await database?.drop();
  });

  it('answers 503 problem+json while it is down and recovers by itself when it is back', async () => {
    const registered = await request(app).post('/api/users/register').send({ username: 'alice', email: 'alice@example.com', password: 'correct horse' });
    expect(registered.status).toBe(201);
    const token: string = registered.body.token;

    expect((await request(app).get('/ready')).body).toEqual({ status: 'ready', checks: { postgres: 'up' } });
    await proxy.cut();
    const notReady = await request(app).get('/ready');
    expect({ status: notReady.status, body: notReady.body }).toEqual({ status: 503, body: { status: 'unavailable', checks: { postgres: 'down' }, requestId: expect.any(String) } });
    for (let i = 0; i < 3; i++) {
      const down = await request(app).get('/api/users/@me/servers').set('Authorization', token);
      expect({ status: down.status, body: down.body }).toEqual({
        status: 503,
        body: problemBody(503, 'Service Unavailable', 'SERVICE_UNAVAILABLE'),
      });
      expect(down.headers['retry-after']).toBe('5');
      expect(down.text).not.toMatch(/ECONNREFUSED|terminated|127\.0\.0\.1/);
    }
    // The message routes check the session only when a problem comes first: the check fails too.
    const malformed = await request(app)
      .post('/api/channels/123/messages')
      .set('Authorization', token)
      .set('Content-Type', 'application/json')
      .send('{"content":');
    expect({ status: malformed.status, code: malformed.body.code }).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE' });

    await proxy.start();
    const back = await request(app).get('/api/users/@me/servers').set('Authorization', token);
    expect({ status: back.status, body: back.body }).toEqual({ status: 200, body: [] });
    expect((await request(app).get('/ready')).status).toBe(200);
  }, 30_000);

  it('counts a conflict still unsettled after the unit of work\'s retries as a moment\'s unavailability (503), not our bug (500)', () => {
    expect(storage.isUnavailable(Object.assign(new Error('deadlock detected'), { code: '40P01' }))).toBe(true);
    expect(storage.isUnavailable(Object.assign(new Error('could not serialize access'), { code: '40001' }))).toBe(true);
    expect(storage.isUnavailable(Object.assign(new Error('division by zero'), { code: '22012' }))).toBe(false);
  });
});

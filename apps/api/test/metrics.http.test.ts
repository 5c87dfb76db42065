import { loadConfig } from '../src/config';
import type { Server } from 'node:http';
import request from 'supertest';
import { Metrics } from '../src/observability/metrics';
import { startMetricsServer } from '../src/observability/metrics-server';
import { createRateLimiters } from '../src/rate-limits/create-rate-limiters';
import pino from 'pino';
import { buildTestApp, testDevices, type TestApp } from './test-app';

/** Every sample of the scrape: name, labels, value. */
function samples(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

describe('GET /metrics after known traffic', () => {
  let t: TestApp;
  let metrics: Metrics;
  let metricsServer: Server;
  let metricsUrl: string;
  beforeEach(async () => {
    metrics = new Metrics();
    const limiters = createRateLimiters(loadConfig({ RATE_LIMIT_WRITES: '3/60s' }), undefined, pino({ level: 'silent' }), {
      devices: testDevices,
      onRefused: (limiter) => metrics.rateLimited(limiter),
    });
    t = await buildTestApp({}, { metrics, rateLimiters: limiters });
    metricsUrl = await new Promise<string>((resolve) => {
      metricsServer = startMetricsServer(metrics, '127.0.0.1', 0, (port) => resolve(`http://127.0.0.1:${port}`));
    });
  });
  afterEach(async () => {
    await new Promise((resolve) => metricsServer.close(resolve));
  });

  it('is served on its own listener only: the API app answers /metrics with its 404 problem', async () => {
    await t.http().get('/health');
    const api = await t.http().get('/metrics');
    expect([api.status, api.headers['content-type']]).toEqual([404, expect.stringMatching(/^application\/problem\+json/)]);
    expect((await request(metricsUrl).get('/metrics')).text).toMatch(/^chat_http_requests_total\{route="\/health",method="GET",status_class="2xx"\} 1$/m);
    expect((await request(metricsUrl).get('/health')).status).toBe(404);
  });

  const scrape = async () => {
    const res = await request(metricsUrl).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return samples(res.text);
  };
  const value = (all: ReturnType<typeof samples>, name: string, labels: Record<string, string>) =>
    all.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

  it('counts requests by route template, method and status class, times them, and counts 429s by limiter', async () => {
    const alice = await t.register('alice');
    const server = await t.createServer(alice);
    for (let i = 0; i < 3; i++) expect((await t.http().get(`/api/servers/${server.id}`).set('Authorization', alice.token)).status).toBe(200);
    expect((await t.http().get('/api/servers/123456789').set('Authorization', alice.token)).status).toBe(404);
    expect((await t.http().get('/no/such/path/42')).status).toBe(404);
    for (let i = 0; i < 3; i++) await t.http().post(`/api/servers/${server.id}/invites`).set('Authorization', alice.token);

    const all = await scrape();

    expect(value(all, 'chat_http_requests_total', { route: '/api/servers/:serverId', method: 'GET', status_class: '2xx' })).toBe(3);
    expect(value(all, 'chat_http_requests_total', { route: '/api/servers/:serverId', method: 'GET', status_class: '4xx' })).toBe(1);
    expect(value(all, 'chat_http_requests_total', { route: 'none', method: 'GET', status_class: '4xx' })).toBe(1);
    expect(value(all, 'chat_http_request_duration_seconds_count', { route: '/api/servers/:serverId', method: 'GET', status_class: '2xx' })).toBe(3);
    expect(value(all, 'chat_http_request_duration_seconds_bucket', { route: '/api/servers/:serverId', status_class: '2xx', le: '+Inf' })).toBe(3);
    // Create server (1) and two invites pass the write limit of 3; the third invite is refused.
    expect(value(all, 'chat_http_requests_total', { route: '/api/servers/:serverId/invites', method: 'POST', status_class: '2xx' })).toBe(2);
    expect(value(all, 'chat_rate_limit_refusals_total', { limiter: 'writes' })).toBe(1);
    expect(all.some((s) => s.name === 'chat_nodejs_eventloop_lag_seconds')).toBe(true);
    expect(all.some((s) => s.name === 'chat_nodejs_heap_size_used_bytes')).toBe(true);
  });

  it('carries no id, token, invite code or raw path in any label', async () => {
    const alice = await t.register('alice');
    const server = await t.createServer(alice);
    const invite = await t.http().post(`/api/servers/${server.id}/invites`).set('Authorization', alice.token);
    await t.http().post(`/api/invites/${invite.body.code}`).set('Authorization', alice.token);
    await t.http().get(`/api/users/@me/servers?after=${server.id}`).set('Authorization', `Bearer ${alice.token}`);
    await t.http().get(`/api/servers/${server.id}/not-a-route/${alice.id}`);

    const labels = (await scrape()).flatMap((s) => Object.values(s.labels));

    const secrets = [alice.token, alice.id, server.id, invite.body.code, server.defaultChannelId];
    for (const label of labels) {
      expect({ label, secret: secrets.some((secret) => label.includes(secret)) }).toEqual({ label, secret: false });
      // A route template names its parameters; a raw path would carry their values.
      expect({ label, id: /\d{6,}/.test(label) }).toEqual({ label, id: false });
    }
    expect(labels).toContain('/api/invites/:code');
  });
});

describe('chat_redis_up', () => {
  it('is absent from a replica without Redis, and 1 or 0 with it as Redis answers or not', async () => {
    const names = async (metrics: Metrics) => (await metrics.text()).body.match(/^chat_redis_up .*$/gm) ?? [];
    const without = new Metrics();
    without.attach({ gatewayConnections: () => 0 });
    expect(await names(without)).toEqual([]);

    let up = true;
    const withRedis = new Metrics();
    withRedis.attach({ redisUp: () => up });
    expect(await names(withRedis)).toEqual(['chat_redis_up 1']);
    up = false;
    expect(await names(withRedis)).toEqual(['chat_redis_up 0']);
  });
});

describe('chat_db_replica_in_rotation and chat_db_replica_lag_seconds', () => {
  it('are absent without read replicas, and tell each replica by its place in the list with its rotation and lag', async () => {
    const lines = async (metrics: Metrics) => (await metrics.text()).body.match(/^chat_db_replica_\w+\{.*$/gm) ?? [];
    const without = new Metrics();
    without.attach({ gatewayConnections: () => 0 });
    expect(await lines(without)).toEqual([]);

    let states = [{ inRotation: true, lagMs: 0 }, { inRotation: false, lagMs: Number.POSITIVE_INFINITY }];
    const withReplicas = new Metrics();
    withReplicas.attach({ databaseReplicas: () => states });
    expect(await lines(withReplicas)).toEqual([
      'chat_db_replica_in_rotation{replica="0"} 1',
      'chat_db_replica_in_rotation{replica="1"} 0',
      'chat_db_replica_lag_seconds{replica="0"} 0',
      'chat_db_replica_lag_seconds{replica="1"} +Inf',
    ]);
    states = [{ inRotation: false, lagMs: 2_500 }, { inRotation: true, lagMs: 120 }];
    expect(await lines(withReplicas)).toEqual([
      'chat_db_replica_in_rotation{replica="0"} 0',
      'chat_db_replica_in_rotation{replica="1"} 1',
      'chat_db_replica_lag_seconds{replica="0"} 2.5',
      'chat_db_replica_lag_seconds{replica="1"} 0.12',
    ]);
  });
});

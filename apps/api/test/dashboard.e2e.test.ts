import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { Clients } from './gateway/gateway-client';
import { createServer, register, send } from './gateway/rest';
import { metricsUrlOf, startReplica, type Replica } from './replica-process';
import { Metrics } from '../src/observability/metrics';

const DASHBOARD = join(__dirname, '..', '..', '..', 'docker', 'grafana', 'dashboards', 'chat-fleet.json');

/** The metric names a PromQL expression reads. */
const metricNames = (expr: string): string[] => [...expr.matchAll(/\b(chat_[a-z0-9_]+)/g)].map(([, name]) => name!);

/** Whether the scrape exports the name: itself, or as a histogram's _bucket, _sum or _count series. */
const isExported = (name: string, types: Map<string, string>): boolean => {
  const base = /^(.*)_(bucket|sum|count)$/.exec(name)?.[1];
  return types.has(name) || (base !== undefined && types.get(base) === 'histogram');
};

describe('metrics on a listener of their own (METRICS_HOST:METRICS_PORT), and the fleet dashboard', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-metrics-'));
  let replica: Replica;
  let metricsUrl: string;
  const clients = new Clients();

  beforeAll(async () => {
    // The API on every address, as in a container; the metrics stay on loopback unless METRICS_HOST says otherwise.
    replica = await startReplica({ DATA_DIR: dataDir, HOST: '0.0.0.0', METRICS_PORT: '0' });
    const deadline = Date.now() + 5_000;
    let url: string | undefined;
    while (!url && Date.now() < deadline) {
      url = metricsUrlOf(replica);
      if (!url) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!url) throw new Error(`no metrics port in the logs:\n${replica.logs.join('\n')}`);
    metricsUrl = url;
  }, 60_000);

  afterAll(async () => {
    clients.closeAll();
    await replica?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves /metrics there only: the API port answers 404 for it', async () => {
    await request(replica.url).get('/health');
    const scraped = await request(metricsUrl).get('/metrics');
    expect(scraped.status).toBe(200);
    expect(scraped.text).toMatch(/^chat_http_requests_total\{route="\/health",method="GET",status_class="2xx"\} 1$/m);
    expect((await request(replica.url).get('/metrics')).status).toBe(404);
    expect((await request(metricsUrl).get('/api/users/@me/servers')).status).toBe(404);
  });

  it('counts the gateway: open sockets and events delivered, after a message reached a socket', async () => {
    const owner = await register(replica.url, 'metrics-owner');
    const server = await createServer(replica.url, owner, 'Metrics');
    const client = await clients.open(replica.url);
    await client.identify(owner.token);
    await send(replica.url, owner, server.defaultChannelId, 'counted');
    await client.next((f) => f.t === 'message.created', 10_000, 'the message');

    const text = (await request(metricsUrl).get('/metrics')).text;
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    expect(value('chat_gateway_connections')).toBe(1);
    expect(value('chat_gateway_events_delivered_total')).toBeGreaterThanOrEqual(1);
    expect(value('chat_event_reader_lag_events')).toBeGreaterThanOrEqual(0);
    expect(value('chat_gateway_slow_consumer_closes_total')).toBe(0);
    // The send went through the same-turn batcher: one batch of one, at least.
    expect(Number(/^chat_send_batch_size_count (\S+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
  });

  it('names in its dashboard only metrics the API exports', async () => {
    const types = new Map([...(await request(metricsUrl).get('/metrics')).text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map(([, name, type]) => [name!, type!]));
    const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: { title: string; targets: { expr: string }[] }[] };
    const named = dashboard.panels.flatMap((panel) => panel.targets.flatMap((target) => metricNames(target.expr).map((name) => ({ panel: panel.title, name }))));

    // Exported only by a replica with Redis (this one has none): read from a registry that has it.
    const withRedis = new Metrics();
    withRedis.attach({ redisUp: () => true });
    for (const [, name, type] of (await withRedis.text()).body.matchAll(/^# TYPE (chat_redis\S*) (\S+)$/gm)) types.set(name!, type!);
    expect(types.has('chat_redis_up')).toBe(true);

    expect(named.length).toBeGreaterThanOrEqual(dashboard.panels.length);
    for (const { panel, name } of named) expect({ panel, name, exported: isExported(name, types) }).toEqual({ panel, name, exported: true });
    expect(isExported('chat_not_a_metric_total', types)).toBe(false);
  });
});

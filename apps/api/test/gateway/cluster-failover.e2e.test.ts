import { postgresUp } from '@chat/postgres/testing';
import { createRedisClient, whenReady } from '@chat/redis';
import { itWithPrivateRedis, startPrivateClusterOnce, uniquePrefix } from '../redis-testing';
import { Clients } from './gateway-client';
import { replicaPair } from './replica-pair';
import { createServer, join, register, send, sleep } from './rest';
import { contents, receivedAll } from './scenarios';

/** `describe` when the real PostgreSQL answered the global setup, a loud skip otherwise (never in CI). */
const describeWithPostgres: jest.Describe = (postgresUp() ? describe : describe.skip) as jest.Describe;

/** Ports of the test's own cluster (and their bus ports, 10000 up): apart from the shared one's 7001-7006. */
const FIRST_PORT = 7101;

/*
 * A and B on a Redis Cluster of the test's own; the master that holds the event index is shut down
 * while messages are sent, and its replica takes over (after the cluster's node timeout, 2 s).
 */
describeWithPostgres('the gateway while a Redis Cluster master fails over', () => {
  const cluster = startPrivateClusterOnce(FIRST_PORT);
  const clients = new Clients();
  const prefix = uniquePrefix();
  const pair = replicaPair(clients, (databaseUrl) => ({
    DATABASE_URL: databaseUrl,
    REDIS_CLUSTER_NODES: cluster.nodes(),
    REDIS_KEY_PREFIX: prefix,
    JWT_SECRET: 'gateway-failover-share-this-secret-0123456789',
    RATE_LIMIT_SEND_MESSAGE: '100000/10s',
    RATE_LIMIT_REGISTER: '1000/1h',
  }));

  itWithPrivateRedis('delivers every message sent before, during and after the failover to a client on B, once, in order', async () => {
    const sender = await register(pair.a.url, 'sender');
    const reader = await register(pair.a.url, 'reader');
    const server = await createServer(pair.a.url, sender, 'Failover');
    await join(pair.a.url, reader, server.id, sender);
    const onB = await clients.open(pair.b.url);
    await onB.identify(reader.token);

    const sent = Array.from({ length: 60 }, (_, i) => `message ${i}`);
    for (const content of sent.slice(0, 20)) await send(pair.a.url, sender, server.defaultChannelId, content);
    await receivedAll(onB, sent.slice(0, 20), 10_000);

    const killed = await shutDownMasterOf(`${prefix}events:v6:*:index`);
    for (const content of sent.slice(20, 40)) {
      await send(pair.a.url, sender, server.defaultChannelId, content);
      await sleep(150); // spread over the failover (the node timeout is 2 s)
    }
    for (const content of sent.slice(40)) await send(pair.a.url, sender, server.defaultChannelId, content);

    await receivedAll(onB, sent, 30_000);
    expect(contents(onB.dispatches())).toEqual(sent);
    expect(killed).toBeGreaterThanOrEqual(FIRST_PORT);

    // And the replicas are back on the cluster's stream (each says so once, if it had left it).
    const after: string[] = [];
    const deadline = Date.now() + 20_000;
    while (!(backOnTheStream(pair.a.logs) && backOnTheStream(pair.b.logs)) && Date.now() < deadline) {
      after.push(`after the failover ${after.length}`);
      await send(pair.a.url, sender, server.defaultChannelId, after.at(-1)!);
      await sleep(500);
    }
    expect({ a: backOnTheStream(pair.a.logs), b: backOnTheStream(pair.b.logs) }).toEqual({ a: true, b: true });
    // The failover was real: the index's master was gone long enough for B's reader to leave the
    // stream, and the index is now on another node (its replica, promoted). A relay's publish may
    // fail meanwhile or ride the failover out on ioredis' redirection retries and land late: which,
    // is timing (either way its readers fill any gap from the database), so it is not asserted.
    const said = (logs: readonly string[], what: RegExp) => logs.some((line) => what.test(line));
    const indexNow = await masterOf(`${prefix}events:v6:*:index`, killed);
    expect({ readLost: said(pair.b.logs, /cannot read events from Redis/), indexMoved: indexNow !== killed }).toEqual({ readLost: true, indexMoved: true });
    if (after.length > 0) await receivedAll(onB, after, 10_000);
    expect(contents(onB.dispatches())).toEqual([...sent, ...after]);
  }, 90_000);

  /** Whether a replica's last word on the event stream (if any) is that it uses it again. */
  function backOnTheStream(logs: readonly string[]): boolean {
    const said = logs.filter((line) => /events (from|to) Redis/.test(line));
    const last = said.at(-1);
    return last === undefined || /again/.test(last);
  }

  /** Shuts down the master that holds a key matching `pattern` (`SHUTDOWN NOSAVE`); says its port. */
  async function shutDownMasterOf(pattern: string): Promise<number> {
    return masterOf(pattern, undefined, (node) => node.call('SHUTDOWN', 'NOSAVE').catch(() => undefined));
  }

  /**
   * The port of the master (other than `gone`, which is not asked) holding a key matching
   * `pattern`, after `act` on it; `gone` itself when no other master holds one (it did not move).
   */
  async function masterOf(pattern: string, gone?: number, act?: (node: ReturnType<typeof createRedisClient>) => Promise<unknown>): Promise<number> {
    const seed = createRedisClient({ url: `redis://127.0.0.1:${gone === FIRST_PORT ? FIRST_PORT + 1 : FIRST_PORT}` });
    try {
      await whenReady(seed, 5_000);
      const slots = (await seed.call('CLUSTER', 'SLOTS')) as [number, number, [string, number]][];
      for (const [, , [host, port]] of slots) {
        if (port === gone) continue;
        const node = createRedisClient({ url: `redis://${host}:${port}` });
        try {
          await whenReady(node, 5_000);
          if ((await node.keys(pattern)).length === 0) continue;
          await act?.(node);
          return port;
        } finally {
          node.disconnect();
        }
      }
      if (gone !== undefined) return gone;
      throw new Error(`no master holds ${pattern}`);
    } finally {
      seed.disconnect();
    }
  }
});

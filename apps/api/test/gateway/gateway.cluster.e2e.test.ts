import { createPostgresDatabase, postgresUp, type TestDatabase } from '@chat/postgres/testing';
import { startReplica, type Replica } from '../replica-process';
import { clusterNodesSetting, connectCluster, redisClusterUp, uniquePrefix } from '../redis-testing';
import { Clients } from './gateway-client';
import { createServer, join, register, send } from './rest';
import { contents, deliversInRestShape, leaveIsolation, logoutCloses, receivedAll } from './scenarios';
import { conversationIsolation } from './conversation-scenarios';

/** `describe` when the real PostgreSQL and Redis Cluster answered the global setup, a loud skip otherwise (never in CI). */
const describeWithPostgresAndCluster: jest.Describe = (postgresUp() && redisClusterUp() ? describe : describe.skip) as jest.Describe;

/*
 * A and B: two replicas on one PostgreSQL, sharing the bus through the Redis Cluster
 * (REDIS_CLUSTER_NODES): the event stream, logout's fan-out (a session.revoked event on it) and
 * a resume on the other replica after one is killed. The gateway's every case runs on one Redis in
 * gateway.replicas.e2e.test.ts; these are the ones that cross replicas through Redis.
 */
describeWithPostgresAndCluster('the gateway on two replicas sharing PostgreSQL and a Redis Cluster', () => {
  const clients = new Clients();
  let database: TestDatabase;
  let env: Record<string, string>;
  let a: Replica;
  let b: Replica;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    env = {
      DATABASE_URL: database.url,
      REDIS_CLUSTER_NODES: clusterNodesSetting(),
      REDIS_KEY_PREFIX: uniquePrefix(),
      JWT_SECRET: 'gateway-cluster-share-this-secret-0123456789',
      RATE_LIMIT_SEND_MESSAGE: '100000/10s',
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

  it('delivers a message sent through A to a client on B as message.created with the REST body, its serverId and the sender’s nonce', async () => {
    await deliversInRestShape(clients, { write: a.url, read: b.url, resumeOn: a.url });
  }, 30_000);

  it('after a leave, the leaver gets its own member.left and none of the next 20 messages, live on B or on resume on A', async () => {
    await leaveIsolation(clients, { write: a.url, read: b.url, resumeOn: a.url });
  }, 60_000);

  it('sends a direct conversation’s events to its recipients only, through A to B, live on B or on resume on A', async () => {
    await conversationIsolation(clients, { write: a.url, read: b.url, resumeOn: a.url });
  }, 60_000);

  it('carries the events through the cluster’s sharded streams, not only the database (the readers’ fallback)', async () => {
    await deliversInRestShape(clients, { write: a.url, read: b.url, resumeOn: a.url });
    const cluster = await connectCluster();
    try {
      const keys = (await Promise.all(cluster.nodes('master').map((node) => node.keys(`${env.REDIS_KEY_PREFIX}events:*`)))).flat();
      expect(keys.filter((key) => /events:v5:.*:index$/.test(key))).toHaveLength(1);
      expect(keys.filter((key) => /events:v5:\{s\d+\}:/.test(key)).length).toBeGreaterThan(0);
      expect(keys.every((key) => key.includes('events:v5:'))).toBe(true);
      for (const key of keys) expect(await cluster.xlen(key)).toBeGreaterThan(0);
      // Neither replica fell back to the database to publish or to read.
      expect([...a.logs, ...b.logs].filter((line) => /(read|publish)(ing)? events (from|to) Redis/.test(line))).toEqual([]);
    } finally {
      cluster.disconnect();
    }
  }, 30_000);

  it('closes the socket on B with 4004 when the session logs out through A', async () => {
    await logoutCloses(clients, { write: a.url, read: b.url, resumeOn: a.url });
  }, 30_000);

  it('a client whose replica is SIGKILLed mid-stream resumes on the other and gets every message once, in order', async () => {
    const sender = await register(a.url, 'sender');
    const reader = await register(a.url, 'reader');
    const server = await createServer(a.url, sender, 'Killed');
    await join(a.url, reader, server.id, sender);

    const onB = await clients.open(b.url);
    const ready = await onB.identify(reader.token);
    const sent = Array.from({ length: 150 }, (_, i) => `flowing ${i}`);
    let killed: Promise<number | null> | undefined;
    const sending = (async () => {
      for (const [i, content] of sent.entries()) {
        await send(a.url, sender, server.defaultChannelId, content);
        if (i === 49) killed = b.stop('SIGKILL');
      }
    })();

    await onB.closed(30_000);
    await killed;
    const onA = await clients.open(a.url);
    await onA.resume(reader.token, onB.lastCursor() ?? (ready.d.cursor as string));
    await sending;
    await receivedAll(onA, sent, 20_000);

    const received = contents([...onB.dispatches(), ...onA.dispatches()]);
    expect({ beforeTheKill: onB.dispatches().length > 0, received }).toEqual({ beforeTheKill: true, received: sent });
  }, 90_000);
});

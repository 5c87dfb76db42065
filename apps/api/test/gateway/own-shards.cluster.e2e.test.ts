import { shardOfPlace } from '@chat/redis';
import request from 'supertest';
import { metricsUrlOf, type Replica } from '../replica-process';
import { Clients, type GatewayClient } from './gateway-client';
import { clusterReplicaSettings, describeWithPostgresAndCluster, replicaPair } from './replica-pair';
import { createServer, join, register, send, type CreatedServer, type User } from './rest';
import { isCreated, receivedAll, summary } from './scenarios';

/** The replica's metrics, as scraped now. */
async function metricsOf(replica: Replica): Promise<string> {
  const url = metricsUrlOf(replica);
  if (!url) throw new Error(`no metrics port in the logs:\n${replica.logs.join('\n')}`);
  return (await request(url).get('/metrics')).text;
}

/** The replica's reads of each event shard so far (`chat_event_shard_reads_total`), by shard. */
async function shardReads(replica: Replica): Promise<Map<number, number>> {
  const reads = new Map<number, number>();
  for (const [, shard, count] of (await metricsOf(replica)).matchAll(/^chat_event_shard_reads_total\{shard="(\d+)"\} (\d+)/gm)) reads.set(Number(shard), Number(count));
  return reads;
}

/** The replica's reads of the event index so far (`chat_event_index_reads_total`). */
async function indexReads(replica: Replica): Promise<number> {
  return Number(/^chat_event_index_reads_total (\d+)/m.exec(await metricsOf(replica))?.[1] ?? Number.NaN);
}

/** A server of `owner`'s whose shard is none of `taken`'s (created until one is). */
async function serverOutside(url: string, owner: User, taken: readonly string[]): Promise<CreatedServer> {
  const shards = new Set(taken.map(shardOfPlace));
  for (let tries = 0; tries < 40; tries += 1) {
    const server = await createServer(url, owner, `Shard test ${tries}`);
    if (!shards.has(shardOfPlace(server.id))) return server;
  }
  throw new Error('no server outside the taken shards in 40 tries');
}

const cursorOf = (frame: { cursor?: string }): number => Number(frame.cursor?.split('-').at(-1));

/*
 * A and B, two replicas on one PostgreSQL and the Redis Cluster: each replica's reader reads only
 * the event shards its sockets need (`chat_event_shard_reads_total` says which it read), and an
 * audience that grows (a join through the other replica) loses nothing, live or on resume.
 */
describeWithPostgresAndCluster('each replica reads only the event shards of its sockets, on a Redis Cluster', () => {
  const clients = new Clients();
  const pair = replicaPair(clients, (databaseUrl) => ({ ...clusterReplicaSettings(databaseUrl, 'gateway-own-shards-share-this-secret-0123456789'), RATE_LIMIT_WRITES: '100000/60s' }));

  it('a replica with sockets in server H never reads server X’s shard, nor wakes for each of X’s passes; its user who joins X through the other replica gets member.joined and every later message of X, live and on resume', async () => {
    const { a, b } = pair;
    const owner = await register(a.url, 'owner');
    const listener = await register(a.url, 'listener');
    const home = await serverOutside(a.url, owner, [listener.id]);
    const away = await serverOutside(a.url, owner, [listener.id, home.id]);
    await join(a.url, listener, home.id, owner);
    const labels = { [home.id]: 'H', [away.id]: 'X', [listener.id]: 'listener' };

    // The listener's one socket is on B: B's sockets are in H (and the listener's own shard), not X.
    const listening = await clients.open(b.url);
    await listening.identify(listener.token);
    const before = await shardReads(b);
    const indexBefore = await indexReads(b);
    const started = Date.now();
    for (let i = 0; i < 10; i += 1) await send(a.url, owner, away.defaultChannelId, `not for B ${i}`);
    await send(a.url, owner, home.defaultChannelId, 'home 1');
    const home1 = await listening.next(isCreated('home 1'), 10_000, 'the message in H');
    const passed = await shardReads(b);
    // B waited for its shards' rings, not for each of X's eleven passes: it read the index at
    // H's ring and once a second (its block), at most.
    expect((await indexReads(b)) - indexBefore).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1_000) + 2);
    // B's reader went past X's messages (it handed on H's later one) without one read of X's shard.
    expect(passed.get(shardOfPlace(away.id)) ?? 0).toBe(before.get(shardOfPlace(away.id)) ?? 0);
    expect(passed.get(shardOfPlace(home.id)) ?? 0).toBeGreaterThan(before.get(shardOfPlace(home.id)) ?? 0);

    // The listener joins X through A; X's messages follow at once, some sent together.
    await join(a.url, listener, away.id, owner);
    const after = Array.from({ length: 12 }, (_, i) => `in X after the join ${i}`);
    for (const content of after.slice(0, 4)) await send(a.url, owner, away.defaultChannelId, content);
    await Promise.all(after.slice(4, 8).map((content) => send(a.url, owner, away.defaultChannelId, content)));
    for (const content of after.slice(8)) await send(a.url, owner, away.defaultChannelId, content);
    await receivedAll(listening, after, 15_000);
    const live = listening.dispatches().map((f) => summary(f, labels));
    expect(live.slice(0, 2)).toEqual(['message.created H "home 1"', 'member.joined X listener']);
    // Every one, once; the four sent together in whatever order the log placed them, the rest as sent.
    expect(live.slice(2).sort()).toEqual(after.map((content) => `message.created X ${JSON.stringify(content)}`).sort());
    expect(live.slice(2, 6)).toEqual(after.slice(0, 4).map((content) => `message.created X ${JSON.stringify(content)}`));
    expect(live.slice(10)).toEqual(after.slice(8).map((content) => `message.created X ${JSON.stringify(content)}`));
    const cursors = listening.dispatches().map(cursorOf);
    expect(cursors).toEqual([...cursors].sort((x, y) => x - y));
    expect((await shardReads(b)).get(shardOfPlace(away.id)) ?? 0).toBeGreaterThan(passed.get(shardOfPlace(away.id)) ?? 0);

    // Resumed from before the join, on B and on A: the same events, in the same order.
    for (const url of [b.url, a.url]) {
      const resumed = await clients.open(url);
      const { dispatches } = await resumed.resume(listener.token, home1.cursor!);
      expect(dispatches.map((f) => summary(f, labels))).toEqual(live.slice(1));
    }
  }, 90_000);

  it('two replicas, listeners on both, writers on both: every message once, each channel in its order', async () => {
    const { a, b } = pair;
    const [owner1, owner2, both, onlyTwo] = await Promise.all([register(a.url, 'w1'), register(b.url, 'w2'), register(a.url, 'both'), register(b.url, 'two')]);
    const one = await createServer(a.url, owner1, 'One');
    const two = await createServer(b.url, owner2, 'Two');
    await join(a.url, both, one.id, owner1);
    await join(b.url, both, two.id, owner2);
    await join(a.url, onlyTwo, two.id, owner2);
    const listeners: [GatewayClient, string[]][] = [];
    for (const [url, user, servers] of [
      [a.url, both, [one, two]],
      [b.url, both, [one, two]],
      [b.url, onlyTwo, [two]],
      [a.url, onlyTwo, [two]],
    ] as const) {
      const client = await clients.open(url);
      await client.identify(user.token);
      listeners.push([client, servers.map((server) => server.defaultChannelId)]);
    }
    const sent = { [one.defaultChannelId]: [] as string[], [two.defaultChannelId]: [] as string[] };
    const writing = async (url: string, owner: User, server: CreatedServer, label: string) => {
      for (let i = 0; i < 30; i += 1) {
        const content = `${label} ${i}`;
        await send(url, owner, server.defaultChannelId, content);
        sent[server.defaultChannelId]?.push(content);
      }
    };
    await Promise.all([writing(a.url, owner1, one, 'one'), writing(b.url, owner2, two, 'two')]);

    for (const [client, channels] of listeners) {
      for (const channelId of channels) await receivedAll(client, sent[channelId] ?? [], 20_000);
      for (const channelId of channels) {
        const got = client.dispatches().filter((f) => f.t === 'message.created' && f.d?.channelId === channelId);
        expect(got.map((f) => f.d?.content)).toEqual(sent[channelId]);
      }
      const cursors = client.dispatches().map(cursorOf);
      expect(new Set(cursors).size).toBe(cursors.length);
      expect(cursors).toEqual([...cursors].sort((x, y) => x - y));
    }
  }, 90_000);
});

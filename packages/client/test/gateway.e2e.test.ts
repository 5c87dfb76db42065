import { WebSocket } from 'ws';
import { createPostgresDatabase, postgresUp, type TestDatabase } from '@chat/postgres/testing';
import {
  connect,
  createRestClient,
  ok,
  type ConnectionEvents,
  type GatewayConnection,
  type GatewayOptions,
  type Ready,
} from '@chat/client';
import { startReplica, type Replica } from '../../../apps/api/test/replica-process.js';
import { redisUp, redisUrl, uniquePrefix } from '../../../apps/api/test/redis-testing.js';
import { SwitchableProxy } from './switchable-proxy.js';

/** `describe` when both the real PostgreSQL and Redis answered the global setup, a loud skip otherwise (never in CI). */
const describeWithPostgresAndRedis: jest.Describe = (postgresUp() && redisUp() ? describe : describe.skip) as jest.Describe;

// Node 20 has no global WebSocket: the SDK is given `ws` (imported above as it is, no cast), as a
// user on Node 20 gives it (a devDependency only: the package's build stays browser-safe).

const RECONNECT = { minDelayMs: 50, maxDelayMs: 500 };
const PASSWORD = 'a long enough password';
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check()` holds; fails after `timeoutMs`, saying what it waited for and where things stood. */
async function until(check: () => boolean, timeoutMs: number, what: string, state: () => unknown = () => ''): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; ${JSON.stringify(state())}`);
    await sleep(10);
  }
}

/** Everything one SDK connection hands its listeners, in order. */
function record(gateway: GatewayConnection) {
  const seen = {
    messages: [] as string[],
    cursors: [] as string[],
    readies: [] as Ready[],
    resumed: [] as ConnectionEvents['resumed'][],
    disconnected: [] as ConnectionEvents['disconnected'][],
    closed: [] as ConnectionEvents['closed'][],
  };
  gateway.on('message.created', (message) => void seen.messages.push(message.content));
  gateway.on('dispatch', ({ cursor }) => {
    if (cursor !== undefined) seen.cursors.push(cursor); // a signal has none
  });
  gateway.on('ready', (ready) => void seen.readies.push(ready));
  gateway.on('resumed', (resumed) => void seen.resumed.push(resumed));
  gateway.on('disconnected', (event) => void seen.disconnected.push(event));
  gateway.on('closed', (event) => void seen.closed.push(event));
  const summary = () => ({
    messages: seen.messages.length,
    last: seen.messages.at(-1),
    readies: seen.readies.map(({ reason }) => reason),
    resumed: seen.resumed,
    disconnected: seen.disconnected,
    closed: seen.closed,
  });
  return { ...seen, summary };
}

let users = 0;

/** A user of the replica at `url` (any replica of its database), with a REST client of its own. */
async function signUp(url: string, prefix: string) {
  users += 1;
  const username = `${prefix}${users}`;
  const grant = await ok(createRestClient({ baseUrl: url }).POST('/api/users/register', { body: { username, email: `${username}@example.com`, password: PASSWORD } }));
  return { ...grant, rest: createRestClient({ baseUrl: url, token: grant.token }) };
}
type User = Awaited<ReturnType<typeof signUp>>;

/** A server of `owner`'s that `members` joined; returns it. */
async function serverWith(owner: User, name: string, ...members: User[]) {
  const server = await ok(owner.rest.POST('/api/servers', { body: { name } }));
  for (const member of members) {
    const invite = await ok(owner.rest.POST('/api/servers/{serverId}/invites', { params: { path: { serverId: server.id } } }));
    await ok(member.rest.POST('/api/invites/{code}', { params: { path: { code: invite.code } } }));
  }
  return server;
}

const post = (user: User, channelId: string, content: string) =>
  ok(user.rest.POST('/api/channels/{channelId}/messages', { params: { path: { channelId } }, body: { content } }));

/** A promise with its resolve, to let one side of the test wait for the other. */
function signal(): { promise: Promise<void>; fire: () => void } {
  let fire = () => {};
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
}

/*
 * A and B: two replicas of the API, each its own process, on one PostgreSQL database and one Redis.
 * D: a third on them that asks for a heartbeat every second. C: one on another database (another
 * event log), for a resume that cannot succeed. The SDK reaches them only through TCP proxies the
 * test cuts, silences and points elsewhere; its REST calls go to the replicas directly.
 */
describeWithPostgresAndRedis('the SDK’s gateway connection across network cuts and a killed replica', () => {
  let database: TestDatabase;
  let otherDatabase: TestDatabase;
  let a: Replica | undefined;
  let b: Replica | undefined;
  let c: Replica | undefined;
  let d: Replica | undefined;
  const proxies: SwitchableProxy[] = [];
  const gateways: GatewayConnection[] = [];

  const envFor = (db: TestDatabase): Record<string, string> => ({
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl(),
    REDIS_KEY_PREFIX: uniquePrefix(),
    JWT_SECRET: 'client-gateway-test-secret-0123456789abcdef',
    RATE_LIMIT_SEND_MESSAGE: '100000/10s',
    RATE_LIMIT_REGISTER: '1000/1h',
    RATE_LIMIT_LOGIN: '1000/60s',
  });

  beforeAll(async () => {
    [database, otherDatabase] = await Promise.all([createPostgresDatabase(), createPostgresDatabase()]);
    const env = envFor(database);
    [a, b, c, d] = await Promise.all([
      startReplica(env),
      startReplica(env),
      startReplica(envFor(otherDatabase)),
      startReplica({ ...env, GATEWAY_HEARTBEAT_MS: '1000' }),
    ]);
  }, 60_000);

  afterAll(async () => {
    for (const gateway of gateways) gateway.close();
    await Promise.all(proxies.map((proxy) => proxy.cut()));
    await Promise.all([a?.stop('SIGKILL'), b?.stop(), c?.stop(), d?.stop()]);
    await Promise.all([database?.drop(), otherDatabase?.drop()]);
  }, 60_000);

  async function proxyTo(replica: Replica): Promise<SwitchableProxy> {
    const proxy = new SwitchableProxy(replica.url);
    proxies.push(proxy);
    await proxy.start();
    return proxy;
  }

  function open(proxy: SwitchableProxy, token: GatewayOptions['token']): GatewayConnection {
    const gateway = connect({ baseUrl: proxy.url, token, WebSocket, reconnect: RECONNECT });
    gateways.push(gateway);
    return gateway;
  }

  it('hands over every message exactly once, in send order, across a network cut and a SIGKILL of its replica', async () => {
    const replicaA = a!;
    const replicaB = b!;
    const sender = await signUp(replicaB.url, 'sender');
    const reader = await signUp(replicaB.url, 'reader');
    const server = await serverWith(sender, 'Through the storm', reader);

    const proxy = await proxyTo(replicaA);
    const gateway = open(proxy, reader.token);
    const seen = record(gateway);
    await until(() => seen.readies.length === 1, 15_000, 'ready', seen.summary);

    const sent = Array.from({ length: 60 }, (_, i) => `message ${String(i).padStart(2, '0')}`);
    let sentCount = 0;
    let stop = false;
    const cutIssued = signal();
    const killIssued = signal();
    // The sender talks to B directly, at a steady pace; it waits at two points for the faults to
    // have been injected, so both happen while messages are still flowing.
    const sending = (async () => {
      for (const [i, content] of sent.entries()) {
        if (i === 25) await cutIssued.promise;
        if (i === 45) await killIssued.promise;
        if (stop) return;
        await post(sender, server.defaultChannelId, content);
        sentCount = i + 1;
        await sleep(40);
      }
    })();
    sending.catch(() => {}); // awaited below; a failure must not surface first as an unhandled rejection

    let cutAt = -1;
    let killedAt = -1;
    try {
      // 1. The network drops mid-stream: every connection cut, new ones refused while 3 more messages go out.
      await until(() => sentCount >= 15 && seen.messages.length >= 5, 20_000, 'the stream to flow', seen.summary);
      await proxy.cut();
      cutAt = sentCount;
      cutIssued.fire();
      await until(() => sentCount >= cutAt + 3, 10_000, '3 messages sent during the cut', seen.summary);
      await proxy.start();
      await until(() => seen.resumed.length >= 1, 15_000, 'the resume after the cut', seen.summary);

      // 2. The SDK's replica is SIGKILLed mid-stream. Its reconnects hit the dead replica until the
      //    proxy (a load balancer noticing) moves to B, after 3 more messages.
      await until(() => sentCount >= 35, 20_000, '35 messages sent', seen.summary);
      const resumesBefore = seen.resumed.length;
      expect(await replicaA.stop('SIGKILL')).toBeNull(); // killed by the signal: no exit code
      a = undefined;
      killedAt = sentCount;
      killIssued.fire();
      await until(() => sentCount >= killedAt + 3, 10_000, '3 messages sent while A is dead', seen.summary);
      proxy.retarget(replicaB.url);
      await until(() => seen.resumed.length > resumesBefore, 15_000, 'the resume on B', seen.summary);

      await sending;
      // A last message after all the others: once it is here, everything before it has been handed over.
      await post(sender, server.defaultChannelId, 'the end');
      await until(() => seen.messages.includes('the end'), 15_000, '“the end”', seen.summary).catch(() => {}); // the comparison below says what is missing
    } finally {
      stop = true;
      cutIssued.fire();
      killIssued.fire();
    }

    // Every message, once, in the order sent, the faults having struck mid-stream.
    expect(seen.messages).toEqual([...sent, 'the end']);
    expect({ cutMidStream: cutAt > 0 && cutAt < sent.length, killMidStream: killedAt > cutAt && killedAt < sent.length }).toEqual({
      cutMidStream: true,
      killMidStream: true,
    });
    // Resumed each time, never identified afresh (which would have lost what was sent meanwhile).
    expect(seen.readies.map(({ reason }) => reason)).toEqual(['connect']);
    expect(seen.resumed.length).toBeGreaterThanOrEqual(2);
    expect(seen.disconnected.length).toBeGreaterThanOrEqual(2);
    expect(seen.disconnected.every(({ willReconnect }) => willReconnect)).toBe(true);
    expect(seen.closed).toEqual([]);
    // The messages sent while it was away came by replay.
    expect(seen.resumed.reduce((sum, { replayed }) => sum + replayed, 0)).toBeGreaterThanOrEqual(6);
    // Cursors handed over rise strictly, and the SDK's own is the last one.
    const positions = seen.cursors.map((cursor) => Number(cursor.slice(cursor.lastIndexOf('-') + 1)));
    expect(positions.every((position, i) => i === 0 || position > positions[i - 1]!)).toBe(true);
    expect(gateway.cursor).toBe(seen.cursors.at(-1));
  }, 60_000);

  it('notices by its heartbeat a connection gone silent (no close, no reset), reconnects within seconds and resumes', async () => {
    const replicaB = b!;
    const replicaD = d!; // asks for a heartbeat every second
    const sender = await signUp(replicaB.url, 'sender');
    const reader = await signUp(replicaB.url, 'reader');
    const server = await serverWith(sender, 'Gone quiet', reader);
    const proxy = await proxyTo(replicaD);
    const gateway = open(proxy, reader.token);
    const seen = record(gateway);
    await until(() => seen.readies.length === 1, 15_000, 'ready', seen.summary);

    const sent = Array.from({ length: 15 }, (_, i) => `quiet ${String(i).padStart(2, '0')}`);
    for (const content of sent.slice(0, 5)) await post(sender, server.defaultChannelId, content);
    await until(() => seen.messages.length === 5, 15_000, 'the first 5 messages', seen.summary);

    // The route dies: nothing more passes either way on the open connection, and nothing says so.
    proxy.freeze();
    const frozenAt = Date.now();
    for (const content of sent.slice(5, 10)) await post(sender, server.defaultChannelId, content);
    // Two heartbeat intervals find it dead; far less than any TCP or closing-handshake timeout.
    await until(() => seen.resumed.length === 1, 10_000, 'the resume after the silence', seen.summary);
    const resumedAfterMs = Date.now() - frozenAt;
    for (const content of sent.slice(10)) await post(sender, server.defaultChannelId, content);
    await until(() => seen.messages.length >= sent.length, 15_000, 'all messages', seen.summary).catch(() => {}); // the comparison says what is missing

    expect(seen.messages).toEqual(sent);
    expect({ readies: seen.readies.map(({ reason }) => reason), resumed: seen.resumed.length, disconnected: seen.disconnected }).toEqual({
      readies: ['connect'],
      resumed: 1,
      disconnected: [{ code: 4000, reason: 'no heartbeat_ack', willReconnect: true }],
    });
    // What was sent into the silence came by replay (all 5, unless the posts outlasted a heartbeat interval).
    expect(seen.resumed[0]!.replayed).toBeGreaterThan(0);
    expect(resumedAfterMs).toBeLessThan(5_000);
  }, 60_000);

  it('sends what a late token was asked for only on its own socket, not on the one that replaced it', async () => {
    const replicaB = b!;
    const sender = await signUp(replicaB.url, 'sender');
    const reader = await signUp(replicaB.url, 'reader');
    const server = await serverWith(sender, 'Late token', reader);
    const proxy = await proxyTo(replicaB);
    const release = signal();
    let asked = 0;
    // The first socket's token is slow (a refresh, say), and its connection drops meanwhile; the
    // next socket's token comes at once. The slow one arrives only after that socket is ready.
    const gateway = open(proxy, async () => {
      asked += 1;
      if (asked > 1) return reader.token;
      await proxy.cut();
      await proxy.start();
      await release.promise;
      return reader.token;
    });
    const seen = record(gateway);
    await until(() => seen.readies.length === 1, 15_000, 'ready on the second socket', seen.summary);
    release.fire();
    await post(sender, server.defaultChannelId, 'after the late token');
    await until(() => seen.messages.length >= 1, 15_000, 'the message after the late token', seen.summary);

    // Sent on the ready socket, the late identify would have closed it (4005, already identified).
    // The only drops are the cut (and a reconnect the proxy refused, if it came before the proxy was back).
    expect({
      asked,
      messages: seen.messages,
      dropped: seen.disconnected.length > 0,
      closedByServer: seen.disconnected.filter(({ code }) => code !== 1006),
      resumed: seen.resumed.length,
    }).toEqual({ asked: 2, messages: ['after the late token'], dropped: true, closedByServer: [], resumed: 0 });
  }, 60_000);

  it('treats a token function that fails as a failed connection: it drops the socket, tries again, and gets ready', async () => {
    const replicaB = b!;
    const sender = await signUp(replicaB.url, 'sender');
    const reader = await signUp(replicaB.url, 'reader');
    const server = await serverWith(sender, 'Failing token', reader);
    const proxy = await proxyTo(replicaB);
    let asked = 0;
    const gateway = open(proxy, async () => {
      asked += 1;
      if (asked === 1) throw new Error('the token store is down');
      return reader.token;
    });
    const seen = record(gateway);
    await until(() => seen.readies.length === 1, 15_000, 'ready after the failed token', seen.summary);
    await post(sender, server.defaultChannelId, 'after the failed token');
    await until(() => seen.messages.length >= 1, 15_000, 'the message after the failed token', seen.summary);

    expect({ asked, messages: seen.messages, dropped: seen.disconnected.map(({ code, reason, willReconnect }) => ({ code, reason, willReconnect })) }).toEqual({
      asked: 2,
      messages: ['after the failed token'],
      dropped: [{ code: 4000, reason: 'the token function failed', willReconnect: true }],
    });
  }, 60_000);

  it('identifies again by itself, with ready’s reason invalid_session, when the gateway cannot resume its cursor', async () => {
    const replicaB = b!;
    const replicaC = c!;
    // A user of B's database, and one of C's: C's database knows neither B's user nor B's log.
    const reader = await signUp(replicaB.url, 'reader');
    const ownerOnC = await signUp(replicaC.url, 'owner');
    const readerOnC = await signUp(replicaC.url, 'reader');
    const serverOnC = await serverWith(ownerOnC, 'After the move', readerOnC);

    const proxy = await proxyTo(replicaB);
    let token = reader.token;
    const gateway = open(proxy, () => token);
    const seen = record(gateway);
    await until(() => seen.readies.length === 1, 15_000, 'ready', seen.summary);
    const firstCursor = gateway.cursor!;

    // The deployment moves to another database (another log): the SDK's cursor names a log the
    // gateway does not have. The token it is asked for now is one that database knows.
    token = readerOnC.token;
    proxy.retarget(replicaC.url);
    await proxy.cut();
    await proxy.start();
    await until(() => seen.readies.length === 2, 15_000, 'the second ready', seen.summary);

    await post(ownerOnC, serverOnC.defaultChannelId, 'after the new identify');
    await until(() => seen.messages.length >= 1, 15_000, 'the message after the new identify', seen.summary);

    const [first, second] = seen.readies;
    expect({ reason: first?.reason, user: first?.user }).toEqual({ reason: 'connect', user: reader.user });
    expect({ reason: second?.reason, user: second?.user, servers: second?.servers.map(({ id }) => id) }).toEqual({
      reason: 'invalid_session',
      user: readerOnC.user,
      servers: [serverOnC.id],
    });
    expect({
      resumed: seen.resumed,
      dropped: seen.disconnected.length > 0,
      closedByServer: seen.disconnected.filter(({ code }) => code !== 1006),
      closed: seen.closed,
      messages: seen.messages,
    }).toEqual({ resumed: [], dropped: true, closedByServer: [], closed: [], messages: ['after the new identify'] });
    // The SDK's cursor is now in C's log.
    const logOf = (cursor: string) => cursor.slice(0, cursor.lastIndexOf('-'));
    expect(logOf(second!.cursor)).not.toBe(logOf(firstCursor));
    expect(logOf(gateway.cursor!)).toBe(logOf(second!.cursor));
  }, 60_000);
});

import { createPostgresDatabase, postgresUp, type TestDatabase } from '@chat/postgres/testing';
import { messageJson } from '@chat/contract';
import { messageCreated, NO_MENTIONS } from '@chat/domain';
import { KyselyUnitOfWork } from '@chat/postgres';
import request from 'supertest';
import { startReplica, type Replica } from '../replica-process';
import { redisUp, redisUrl, uniquePrefix } from '../redis-testing';
import { TcpProxy } from '../tcp-proxy';
import { Clients, type Frame, type GatewayClient } from './gateway-client';
import { createServer, join, kernelQueuedBytes, register, rssBytes, send, sleep } from './rest';
import { contents, receivedAll, resumesAfterKill } from './scenarios';
import { itCrossesReplicas } from './cross-replica-its';

/** `describe` when both the real PostgreSQL and Redis answered the global setup, a loud skip otherwise (never in CI). */
const describeWithPostgresAndRedis: jest.Describe = (postgresUp() && redisUp() ? describe : describe.skip) as jest.Describe;

/*
 * A and B: two replicas on one PostgreSQL, sharing the bus through Redis, which they reach through a
 * proxy the Redis test cuts. B bounds each client's unsent buffer at 64 KiB. C, on the same database
 * and bus, expects a heartbeat every 500 ms (only the silent-client test talks to it).
 */
describeWithPostgresAndRedis('the gateway on two replicas sharing PostgreSQL and Redis', () => {
  const target = new URL(redisUrl());
  const redisProxy = new TcpProxy(target.hostname, Number(target.port || 6379));
  const clients = new Clients();
  let database: TestDatabase;
  let env: Record<string, string>;
  let a: Replica;
  let b: Replica;
  let c: Replica;
  const envB = (): Record<string, string> => ({ ...env, GATEWAY_MAX_BUFFER_BYTES: '65536' });

  beforeAll(async () => {
    await redisProxy.start();
    database = await createPostgresDatabase();
    env = {
      DATABASE_URL: database.url,
      REDIS_URL: `redis://127.0.0.1:${redisProxy.port}`,
      REDIS_KEY_PREFIX: uniquePrefix(),
      JWT_SECRET: 'gateway-replicas-share-this-secret-0123456789',
      RATE_LIMIT_SEND_MESSAGE: '100000/10s',
      RATE_LIMIT_REGISTER: '1000/1h',
      RATE_LIMIT_LOGIN: '1000/60s',
      GATEWAY_IDENTIFY_TIMEOUT_MS: '1000',
    };
    [a, b, c] = await Promise.all([startReplica(env), startReplica(envB()), startReplica({ ...env, GATEWAY_HEARTBEAT_MS: '500' })]);
  }, 60_000);

  afterEach(() => clients.closeAll());

  afterAll(async () => {
    clients.closeAll();
    await Promise.all([a?.stop(), b?.stop(), c?.stop()]);
    await database?.drop();
    await redisProxy.cut();
  }, 60_000);

  itCrossesReplicas(clients, () => ({ write: a.url, read: b.url, resumeOn: a.url }));

  it('delivers server.updated from a change through A to a member on B, in the REST shape of the server', async () => {
    const owner = await register(a.url, 'owner');
    const member = await register(a.url, 'member');
    const server = await createServer(a.url, owner, 'Before');
    await join(a.url, member, server.id, owner);
    const watching = await clients.open(b.url);
    await watching.identify(member.token);

    const patched = await request(a.url).patch(`/api/servers/${server.id}`).set('Authorization', owner.token).send({ name: 'After', banner: 'https://cdn.example.com/b.png' });
    expect(patched.status).toBe(200);
    const update = await watching.next((f) => f.t === 'server.updated', 10_000, 'server.updated');
    expect(update.d).toEqual(patched.body);
    expect(update.d).toMatchObject({ id: server.id, name: 'After', banner: 'https://cdn.example.com/b.png' });
  }, 30_000);

  it('does not dispatch after ready a join that ready already shows, even when its event is placed in the log after the snapshot', async () => {
    const owner = await register(a.url, 'owner');
    const joiner = await register(a.url, 'joiner');
    const server = await createServer(a.url, owner, 'Joined before ready');
    const client = await clients.open(b.url);

    // Any transaction that started before the join and is still open (here the test's own) holds back
    // the placement of the join's event; the join itself is committed and visible.
    const ready = await database.db.transaction().execute(async (trx) => {
      await trx.selectNoFrom((eb) => eb.fn('pg_current_xact_id').as('xid')).execute();
      await join(a.url, joiner, server.id, owner);
      return client.identify(joiner.token);
    });
    expect(ready.d.servers.map((s: { id: string }) => s.id)).toEqual([server.id]);

    await send(a.url, owner, server.defaultChannelId, 'after ready');
    await client.next((f) => f.d?.content === 'after ready', 10_000, 'the message after ready');
    expect(contents(client.dispatches())).toEqual(['after ready']);
  }, 30_000);

  it('delivers an event whose writing replica died after its commit, before relaying it', async () => {
    const owner = await register(a.url, 'owner');
    const server = await createServer(a.url, owner, 'Writer died');
    const client = await clients.open(b.url);
    await client.identify(owner.token);
    const message = {
      id: '123456789',
      channelId: server.defaultChannelId,
      content: 'committed, then the writer died',
      createdAt: new Date('2026-11-01T10:00:00.000Z'),
      editedAt: null,
      ...NO_MENTIONS,
      attachments: [], replyTo: null, pinned: false,
      author: { id: owner.id, username: owner.username, displayName: null, avatar: null },
      reactions: [],
    };

    // This test process is the writer: it commits the event the way a replica does, and never relays it.
    await new KyselyUnitOfWork(database.db).run((stores) => stores.events.append(messageCreated(server.id, message, null)));

    const got = await client.next((f) => f.t === 'message.created', 10_000, 'the dead writer’s message');
    expect(got.d).toEqual({ ...messageJson(message), serverId: server.id });
  }, 30_000);

  it('a client whose replica is SIGKILLed mid-stream resumes on the other and gets every message once, in order', async () => {
    let restarted: Promise<Replica> | undefined;
    try {
      await resumesAfterKill(clients, { write: a.url, read: b.url, resumeOn: a.url }, async () => {
        await b.stop('SIGKILL');
        restarted = startReplica(envB()); // the other tests' B, started while this one goes on
      });
    } finally {
      if (restarted) b = await restarted;
    }
  }, 90_000);

  it('every message sent while Redis is cut reaches a client on the other replica, in order, once Redis is back', async () => {
    const sender = await register(a.url, 'sender');
    const reader = await register(a.url, 'reader');
    const server = await createServer(a.url, sender, 'Outage');
    await join(a.url, reader, server.id, sender);
    const onB = await clients.open(b.url);
    await onB.identify(reader.token);

    const before = Array.from({ length: 5 }, (_, i) => `before the cut ${i}`);
    const during = Array.from({ length: 10 }, (_, i) => `while Redis is away ${i}`);
    const after = Array.from({ length: 5 }, (_, i) => `after Redis is back ${i}`);
    for (const content of before) await send(a.url, sender, server.defaultChannelId, content);
    await receivedAll(onB, before, 10_000);

    await redisProxy.cut();
    try {
      for (const content of during) await send(a.url, sender, server.defaultChannelId, content);
      await sleep(1_000);
      // The outage is real: B's own Redis connection is down too.
      const ready = await fetch(`${b.url}/ready`);
      expect({ status: ready.status, redis: ((await ready.json()) as { checks: { redis?: string } }).checks.redis }).toEqual({ status: 503, redis: 'down' });
    } finally {
      await redisProxy.start();
    }
    for (const content of after) await send(a.url, sender, server.defaultChannelId, content);

    await receivedAll(onB, after, 30_000);
    expect(contents(onB.dispatches())).toEqual([...before, ...during, ...after]);
  }, 60_000);

  it('closes a client that sends no heartbeat with 4009 after two intervals, and keeps one that does', async () => {
    const user = await register(a.url, 'quiet');
    const silent = await clients.open(c.url);
    const opened = Date.now();
    const hello = await silent.hello();
    expect(hello).toEqual({ op: 'hello', d: { heartbeatInterval: 500 } });
    await silent.identify(user.token);

    const beating = await clients.open(c.url);
    await beating.identify(user.token);
    let beats = 0;
    const timer = setInterval(() => {
      beats++;
      beating.send({ op: 'heartbeat' });
    }, 300);
    try {
      expect(await silent.closed(5_000)).toBe(4009);
      expect(Date.now() - opened).toBeGreaterThanOrEqual(900);
      await sleep(1_500);
    } finally {
      clearInterval(timer);
    }
    await beating.until(() => beating.frames.filter((f) => f.op === 'heartbeat_ack').length >= beats, 2_000, `${beats} heartbeat_ack`);
    expect({ open: beating.open, acks: beating.frames.filter((f) => f.op === 'heartbeat_ack').length }).toEqual({ open: true, acks: beats });
  }, 30_000);

  it('closes a client that stops reading with 4020, its replica’s memory stays bounded, and a resume gets the rest', async () => {
    const sender = await register(a.url, 'sender');
    const reader = await register(a.url, 'reader');
    const server = await createServer(a.url, sender, 'Slow reader');
    await join(a.url, reader, server.id, sender);
    const slow = await clients.open(b.url);
    const ready = await slow.identify(reader.token);

    const pid = b.process.pid!;
    const rssBefore = rssBytes(pid);
    let rssPeak = rssBefore;
    const sent: string[] = [];
    const sendSome = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const content = `${String(sent.length).padStart(6, '0')} ${'x'.repeat(1_993)}`;
        sent.push(content);
        await send(a.url, sender, server.defaultChannelId, content);
      }
      rssPeak = Math.max(rssPeak, rssBytes(pid));
    };
    const queued = () => kernelQueuedBytes(slow.localPort, Number(new URL(b.url).port));

    // The client stops reading. The kernel's socket buffers fill first (megabytes on loopback); once
    // a batch of 50 frames (~110 KB) adds under a quarter of that to them, they are full and frames
    // pile up in the server, past its 64 KiB bound within ~30 more. Then the client reads again,
    // soon enough to get the server's close frame.
    for (let attempt = 1; slow.closeCode === undefined; attempt++) {
      if (attempt > 3) throw new Error(`still open after ${sent.length} messages of 2,000 characters; ${slow.describe()}`);
      slow.pause();
      for (let before = queued(); ; ) {
        if (sent.length > 8_000) throw new Error(`the kernel's buffers never filled: ${queued()} bytes queued`);
        await sendSome(50);
        const now = queued();
        if (now - before < 25_000) break;
        before = now;
      }
      await sendSome(60);
      slow.resumeReading();
      await slow.until(() => slow.closeCode !== undefined || slow.frames.at(-1)?.d?.content === sent.at(-1), 30_000, 'the close, or the last message');
    }
    expect({ code: slow.closeCode, reason: slow.closeReason }).toEqual({ code: 4020, reason: expect.any(String) });
    expect(Math.round((rssPeak - rssBefore) / 2 ** 20)).toBeLessThan(100); // MiB

    const numbers = (frames: readonly Frame[]) => contents(frames).map((content) => content.slice(0, 6));
    const got = numbers(slow.dispatches());
    const all = sent.map((content) => content.slice(0, 6));
    expect(got).toEqual(all.slice(0, got.length)); // a prefix: nothing skipped before the close
    const later = await clients.open(b.url);
    const { replayed } = await later.resume(reader.token, slow.lastCursor() ?? (ready.d.cursor as string), 30_000);
    // The replay holds what was placed when the resume came; an event the relay placed just after
    // comes live, right behind it. Together: every message after the close, once, in order.
    await later.until(() => later.dispatches().length >= all.length - got.length, 30_000, 'every message after the close');
    expect([...got, ...numbers(later.dispatches())]).toEqual(all);
    expect(replayed).toBeGreaterThan(0);
    expect(replayed).toBeLessThanOrEqual(all.length - got.length);
  }, 120_000);

  describe('close codes', () => {
    const open = (): Promise<GatewayClient> => clients.open(a.url);

    it('closes with 4003 when nothing is sent within the identify timeout', async () => {
      const client = await open();
      const opened = Date.now();
      await client.hello();
      expect(await client.closed(5_000)).toBe(4003);
      expect(Date.now() - opened).toBeGreaterThanOrEqual(900);
    }, 10_000);

    it('closes with 4003 when the first frame is a heartbeat', async () => {
      const client = await open();
      await client.hello();
      client.send({ op: 'heartbeat' });
      expect({ code: await client.closed(5_000), frames: client.frames.map((f) => f.op) }).toEqual({ code: 4003, frames: ['hello'] });
    }, 10_000);

    it('closes with 4004 when identify carries a bad token', async () => {
      const client = await open();
      await client.hello();
      client.send({ op: 'identify', d: { token: 'not-a-token' } });
      expect({ code: await client.closed(5_000), frames: client.frames.map((f) => f.op) }).toEqual({ code: 4004, frames: ['hello'] });
    }, 10_000);

    it('closes with 4001 on an unknown op after identify', async () => {
      const user = await register(a.url, 'codes');
      const client = await open();
      await client.identify(`Bearer ${user.token}`);
      client.send({ op: 'dance' });
      expect(await client.closed(5_000)).toBe(4001);
    }, 10_000);

    it('closes with 4002 on a frame that is not JSON', async () => {
      const user = await register(a.url, 'codes');
      const client = await open();
      await client.identify(user.token);
      client.send('{"op": "heartbeat"');
      expect(await client.closed(5_000)).toBe(4002);
    }, 10_000);

    it('closes with 4005 on a second identify', async () => {
      const user = await register(a.url, 'codes');
      const client = await open();
      await client.identify(user.token);
      client.send({ op: 'identify', d: { token: user.token } });
      expect(await client.closed(5_000)).toBe(4005);
    }, 10_000);

    it('closes with 4008 past 120 frames in a minute, and not before', async () => {
      const user = await register(a.url, 'codes');
      const client = await open();
      await client.identify(user.token);
      for (let i = 0; i < 119; i += 1) client.send({ op: 'heartbeat' });
      await client.until(() => client.frames.filter((f) => f.op === 'heartbeat_ack').length === 119, 5_000, '119 acks');
      expect(client.open).toBe(true);
      client.send({ op: 'heartbeat' });
      expect(await client.closed(5_000)).toBe(4008);
    }, 10_000);

    it('answers a resume from an unknown cursor with invalid_session, then accepts identify on the same connection', async () => {
      const user = await register(a.url, 'codes');
      const client = await open();
      await client.hello();
      client.send({ op: 'resume', d: { token: user.token, cursor: '999999999' } });
      expect(await client.next((f) => f.op !== 'hello', 5_000, 'invalid_session')).toEqual({ op: 'invalid_session' });
      const ready = await client.identify(user.token);
      expect(ready.d.user).toEqual({ id: user.id, username: user.username, displayName: null, avatar: null });
      expect(client.open).toBe(true);
    }, 10_000);
  });
});

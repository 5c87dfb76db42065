import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestWorld, expectOk, type TestWorld } from '@chat/domain/testing';
import pino from 'pino';
import { presenceDeps } from '../../src/gateway/presence-tracker';
import WebSocket from 'ws';
import { Gateway, READY_CHANNELS, type GatewayOptions } from '../../src/gateway/gateway';
import type { Refusal } from '../../src/gateway/doors';
import { GatewayClient } from './gateway-client';

/*
 * The gateway's doors and the work one socket may cost, on one in-process gateway over the in-memory
 * world (no database): what an anonymous client, a stranger's old cursor or a stuck reader can hold.
 */

const OPTIONS: GatewayOptions = {
  heartbeatMs: 30_000,
  // Far longer than any test here takes: the tests of the deadline start gateways of their own.
  identifyTimeoutMs: 60_000,
  maxBufferBytes: 65_536,
  maxReplayEvents: 2_000,
  doors: { maxSockets: 1_000_000, maxPerAddress: 50, maxPerUser: 3, allowedOrigins: ['https://chat.example.com'], trustProxy: 1 },
};

interface Harness {
  readonly world: TestWorld;
  readonly url: string;
  readonly refused: Refusal[];
  readonly slowClosed: () => number;
  /** Sockets the gateway holds now. */
  readonly size: () => number;
  close(): Promise<void>;
}

async function start(options: Partial<GatewayOptions> = {}): Promise<Harness> {
  const world = createTestWorld();
  const refused: Refusal[] = [];
  let slow = 0;
  const gateway = new Gateway(
    {
      openSession: world.openGatewaySession,
      linkAttachment: (id) => world.linkAttachment.execute(id),
      history: world.history,
      readerPosition: () => world.events().length,
      logId: 'memory',
      presence: presenceDeps(world, 'replica-test'),
      logger: pino({ level: 'silent' }),
      onRefused: (why) => refused.push(why),
      onSlowConsumerClosed: () => (slow += 1),
    },
    { ...OPTIONS, ...options, doors: { ...OPTIONS.doors, ...options.doors } },
  );
  const http: HttpServer = createHttpServer((_req, res) => res.writeHead(404).end());
  gateway.attach(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    world,
    url: `ws://127.0.0.1:${port}/api/gateway`,
    refused,
    slowClosed: () => slow,
    size: () => gateway.size,
    async close() {
      gateway.close(0);
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

/** A registered user's token (the fake token service's), with the actor it stands for. */
async function aToken(world: TestWorld, name: string) {
  const grant = expectOk(await world.register.execute({ username: name, email: `${name}@example.com`, password: 'correct horse battery' }));
  const actor = await world.tokens.verify(grant.token);
  if (!actor) throw new Error('the fake token did not verify');
  return { token: grant.token, actor };
}

/** Opens a socket with these headers; resolves once open (after `hello` is on its way). */
function open(url: string, headers: Record<string, string> = {}): Promise<GatewayClient> {
  return GatewayClient.connectWith(url, { headers });
}

describe('the gateway’s doors (in process, in-memory world)', () => {
  let harness: Harness;
  const opened: GatewayClient[] = [];
  const track = async (client: Promise<GatewayClient>) => {
    const c = await client;
    opened.push(c);
    return c;
  };

  beforeEach(async () => {
    harness = await start();
  });

  afterEach(async () => {
    for (const client of opened.splice(0)) client.close();
    await harness.close();
  });

  it('closes a resume with an unreadable cursor and a bad token 4004, and never answers it invalid_session', async () => {
    const client = await track(open(harness.url));
    await client.hello();
    client.send({ op: 'resume', d: { token: 'not-a-token', cursor: 'not a cursor' } });
    expect({ code: await client.closed(3_000), ops: client.frames.map((f) => f.op) }).toEqual({ code: 4004, ops: ['hello'] });
  });

  it('closes at the deadline a socket that keeps resuming with an unreadable cursor, whatever its token', async () => {
    const identifyTimeoutMs = 1_000;
    const h = await start({ identifyTimeoutMs });
    try {
      const { token } = await aToken(h.world, 'looper');
      const client = await track(open(h.url));
      await client.hello();
      const opened = Date.now();
      const loop = setInterval(() => client.open && client.send({ op: 'resume', d: { token, cursor: 'x' } }), 100);
      try {
        expect(await client.closed(identifyTimeoutMs + 5_000)).toBe(4003);
      } finally {
        clearInterval(loop);
      }
      expect(Date.now() - opened).toBeLessThan(identifyTimeoutMs + 3_000);
      expect(client.frames.filter((f) => f.op === 'invalid_session').length).toBeGreaterThan(0);
    } finally {
      await h.close();
    }
  }, 15_000);

  it('a valid token with an unknown cursor gets invalid_session and may identify on the same socket', async () => {
    const { token, actor } = await aToken(harness.world, 'resumer');
    const client = await track(open(harness.url));
    await client.hello();
    client.send({ op: 'resume', d: { token, cursor: 'memory-999999' } });
    expect(await client.next((f) => f.op !== 'hello', 3_000, 'invalid_session')).toEqual({ op: 'invalid_session' });
    const ready = await client.identify(token);
    expect(ready.d.user.id).toBe(actor.userId);
  });

  it('of 1,000 anonymous sockets from one address, holds at most the cap at any moment, refuses the rest at once (4029) and closes every one it held at its deadline (4003)', async () => {
    const identifyTimeoutMs = 3_000;
    const h = await start({ identifyTimeoutMs });
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, h.size())), 1);
    try {
      const started = Date.now();
      // In waves, each handshake given long enough: a loaded machine (CI) is slow, never wrong.
      const clients: GatewayClient[] = [];
      for (let wave = 0; wave < 10; wave++) {
        clients.push(...(await Promise.all(Array.from({ length: 100 }, () => track(GatewayClient.connectWith(h.url, {}, 30_000))))));
      }
      const opened = Date.now() - started;
      const codes = await Promise.all(clients.map((client) => client.closed(identifyTimeoutMs + 5_000)));
      const count = (code: number) => codes.filter((c) => c === code).length;
      // Sockets held from the start time out first and make room for later ones: how many that is
      // depends on the machine's speed, the cap at any moment does not.
      expect({ other: codes.length - count(4029) - count(4003), most: Math.min(most, 50) }).toEqual({ other: 0, most: 50 });
      expect(most).toBeLessThanOrEqual(50);
      expect(count(4003)).toBeGreaterThanOrEqual(50);
      expect(count(4029)).toBe(h.refused.filter((why) => why === 'address').length);
      if (opened < identifyTimeoutMs) expect(count(4029)).toBe(950); // all came before the first deadline
      expect(Date.now() - started).toBeLessThan(opened + identifyTimeoutMs + 5_000);
      expect(clients.find((client) => client.closeCode === 4029)?.closeReason).toBe('too many sockets from this address');
    } finally {
      clearInterval(watch);
      await h.close();
    }
  }, 90_000);

  it('counts addresses behind the trusted proxy apart, and an IPv6 /64 as one address', async () => {
    const h = await start({ doors: { ...OPTIONS.doors, maxPerAddress: 2 } });
    try {
      const from = (address: string) => track(open(h.url, { 'X-Forwarded-For': address }));
      const a = [await from('2001:db8:1:1::1'), await from('2001:db8:1:1::2'), await from('2001:db8:1:1:ffff::3')];
      const b = await from('2001:db8:1:2::1');
      const c = await from('198.51.100.7');
      expect(await a[2]!.closed(2_000)).toBe(4029);
      expect([a[0]!.open, a[1]!.open, b.open, c.open]).toEqual([true, true, true, true]);
      expect(h.refused).toEqual(['address']);
    } finally {
      await h.close();
    }
  });

  it('holds at most the cap of identified sockets per user (4029), and takes another once one closes', async () => {
    const { token } = await aToken(harness.world, 'many-tabs');
    const tabs = [await track(open(harness.url)), await track(open(harness.url)), await track(open(harness.url))];
    for (const tab of tabs) await tab.identify(token);
    const fourth = await track(open(harness.url));
    await fourth.hello();
    fourth.send({ op: 'identify', d: { token } });
    expect({ code: await fourth.closed(3_000), reason: fourth.closeReason }).toEqual({ code: 4029, reason: 'too many sockets for this user' });
    expect(harness.refused).toEqual(['user']);

    tabs[0]!.close();
    await tabs[0]!.closed(2_000);
    const again = await track(open(harness.url));
    await expect(again.identify(token)).resolves.toMatchObject({ op: 'ready' });
  });

  it('refuses at most the replica’s cap of sockets in all (4029)', async () => {
    const h = await start({ doors: { ...OPTIONS.doors, maxSockets: 3, maxPerAddress: 100 } });
    try {
      const four = await Promise.all([1, 2, 3, 4].map(() => track(open(h.url))));
      await waitFor(() => four.some((c) => c.closeCode === 4029), 2_000);
      expect(four.map((c) => c.closeCode ?? 'open').sort()).toEqual([4029, 'open', 'open', 'open']);
      expect(h.refused).toEqual(['replica']);
    } finally {
      await h.close();
    }
  });

  it('lets in no Origin, its own origin and an allowed one; refuses any other with 403 before the upgrade', async () => {
    const host = new URL(harness.url).host;
    await expect(track(open(harness.url))).resolves.toBeDefined();
    await expect(track(open(harness.url, { Origin: `http://${host}` }))).resolves.toBeDefined();
    await expect(track(open(harness.url, { Origin: 'https://chat.example.com' }))).resolves.toBeDefined();
    await expect(open(harness.url, { Origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
    await expect(open(harness.url, { Origin: 'null' })).rejects.toThrow('HTTP 403');
    expect(harness.refused).toEqual(['origin', 'origin']);
  });
});

describe('the work one gateway socket may cost (in process, in-memory world)', () => {
  /** The most a server-side socket held unsent when the gateway sent it a frame. */
  let peakBuffered = 0;
  const send = WebSocket.prototype.send;
  beforeAll(() => {
    jest.spyOn(WebSocket.prototype, 'send').mockImplementation(function (this: WebSocket, ...args: Parameters<WebSocket['send']>) {
      peakBuffered = Math.max(peakBuffered, this.bufferedAmount);
      return send.apply(this, args);
    });
  });
  afterAll(() => jest.restoreAllMocks());

  /** A user in a server with `count` messages of about 2 KB sent after `from` was taken. */
  async function backlog(h: Harness, count: number) {
    const { token, actor } = await aToken(h.world, 'reader');
    const server = expectOk(await h.world.createServer.execute(actor, { name: 'Busy' }));
    const from = `memory-${h.world.events().length}`;
    for (let i = 0; i < count; i++) expectOk(await h.world.sendMessage.execute(actor, server.defaultChannelId, { content: `${i} ${'x'.repeat(1_990)}` }));
    return { token, from, server };
  }

  it('a resumer that stops reading is closed 4020 and never makes the gateway hold more than the buffer bound', async () => {
    const h = await start({ maxReplayEvents: 100_000 });
    try {
      // ~8 MB: more than loopback's kernel buffers take in, so the gateway's own buffer must fill.
      const { token, from } = await backlog(h, 4_000);
      const client = await GatewayClient.connectWith(h.url, {});
      await client.hello();
      client.pause();
      peakBuffered = 0;
      client.send({ op: 'resume', d: { token, cursor: from } });
      await waitFor(() => h.slowClosed() === 1, 30_000);
      client.resumeReading();
      expect(await client.closed(5_000)).toBe(4020);
      // One frame of ~2.2 KB may land past the bound's half, where the gateway stops to let it drain.
      expect(peakBuffered).toBeLessThan(OPTIONS.maxBufferBytes / 2 + 4_096);
      client.close();
    } finally {
      await h.close();
    }
  }, 60_000);

  it('answers invalid_session to a resume further behind the head than the replay bound, and replays one within it', async () => {
    const h = await start({ maxReplayEvents: 500 });
    try {
      const { token, from } = await backlog(h, 501);
      const far = await GatewayClient.connectWith(h.url, {});
      await far.hello();
      far.send({ op: 'resume', d: { token, cursor: from } });
      expect(await far.next((f) => f.op !== 'hello', 3_000, 'invalid_session')).toEqual({ op: 'invalid_session' });
      far.close();

      const near = await GatewayClient.connectWith(h.url, {});
      const { replayed } = await near.resume(token, `memory-${h.world.events().length - 500}`);
      expect(replayed).toBe(500);
      near.close();
    } finally {
      await h.close();
    }
  }, 30_000);

  it('lists the channels of servers in ready up to its budget; the servers past it come without theirs', async () => {
    const h = await start();
    try {
      const { token, actor } = await aToken(h.world, 'collector');
      const perServer = 100;
      const servers = Math.ceil(READY_CHANNELS / perServer) + 2;
      for (let s = 0; s < servers; s++) {
        const server = expectOk(await h.world.createServer.execute(actor, { name: `S${s}` }));
        for (let c = 1; c < perServer; c++) expectOk(await h.world.createChannel.execute(actor, server.id, { name: `c${c}` }));
      }
      const client = await GatewayClient.connectWith(h.url, {});
      const ready = await client.identify(token);
      const listed: { channels?: unknown[] }[] = ready.d.servers;
      expect(listed.length).toBe(servers);
      const withChannels = listed.filter((server) => server.channels !== undefined);
      expect(withChannels.length).toBe(READY_CHANNELS / perServer);
      expect(withChannels.every((server) => server.channels?.length === perServer)).toBe(true);
      expect(listed.slice(withChannels.length).every((server) => !('channels' in server))).toBe(true);
      client.close();
    } finally {
      await h.close();
    }
  }, 30_000);
});

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

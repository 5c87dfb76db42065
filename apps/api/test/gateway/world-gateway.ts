import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventJson, lazilyDecoded } from '@chat/contract';
import { routeOf, type Actor, type LoggedEvent } from '@chat/domain';
import { createTestWorld, expectOk, type TestWorld } from '@chat/domain/testing';
import pino from 'pino';
import { Gateway } from '../../src/gateway/gateway';
import { presenceDeps } from '../../src/gateway/presence-tracker';
import { GatewayClient, type Frame } from './gateway-client';

/*
 * One in-process gateway over the in-memory world. The log's events are handed to the gateway as a
 * reader would, in their stored form (the text the log keeps, with what only the log keeps in it),
 * so what a frame may carry is tested as it is in production.
 */

export interface Harness {
  readonly world: TestWorld;
  readonly url: string;
  /** Hands the gateway every event recorded since the last call, as the reader does. */
  deliver(): void;
  close(): Promise<void>;
}

/** The log's events as a database-backed history gives them: stored text beside the route. */
const stored = (world: TestWorld, from: number, to = world.events().length): LoggedEvent[] =>
  world
    .events()
    .slice(from, to)
    .map((event, i) => {
      const { serverId, subjectId, channelId } = routeOf(event);
      return lazilyDecoded(from + i + 1, String(from + i + 1), event.type, JSON.stringify(eventJson(event).d), { serverId, subjectId, channelId });
    });

export async function startWorldGateway(): Promise<Harness> {
  const world = createTestWorld();
  let handed = world.events().length;
  const gateway = new Gateway(
    {
      openSession: world.openGatewaySession,
      linkAttachment: (id) => world.linkAttachment.execute(id),
      history: { after: async (position, limit) => stored(world, position, Math.min(handed, position + limit)) },
      readerPosition: () => handed,
      logId: 'memory',
      presence: presenceDeps(world, 'replica-test'),
      logger: pino({ level: 'silent' }),
    },
    {
      heartbeatMs: 30_000,
      identifyTimeoutMs: 10_000,
      maxBufferBytes: 65_536,
      maxReplayEvents: 2_000,
      doors: { maxSockets: 100, maxPerAddress: 100, maxPerUser: 10, allowedOrigins: [], trustProxy: 0 },
    },
  );
  const http: HttpServer = createHttpServer((_req, res) => res.writeHead(404).end());
  gateway.attach(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    world,
    url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}/api/gateway`,
    deliver() {
      const events = stored(world, handed);
      handed = world.events().length;
      gateway.deliver(events);
    },
    async close() {
      gateway.close(0);
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

export async function aUser(world: TestWorld, name: string): Promise<{ actor: Actor; token: string }> {
  const grant = expectOk(await world.register.execute({ username: name, email: `${name}@example.com`, password: 'correct horse battery' }));
  const actor = await world.tokens.verify(grant.token);
  if (!actor) throw new Error('the fake token did not verify');
  return { actor, token: grant.token };
}

export async function joined(world: TestWorld, user: Actor, serverId: string, inviter: Actor): Promise<void> {
  const invite = expectOk(await world.createInvite.execute(inviter, serverId));
  expectOk(await world.joinByInvite.execute(user, invite.code));
}

/**
 * For the enclosing `describe`: a fresh world and gateway for each test (`harness`), and clients of
 * it (`connect`) closed after the test.
 */
export function aWorldGatewayPerTest(): {
  harness: () => Harness;
  connect: () => Promise<GatewayClient>;
  identify: (token: string) => Promise<{ client: GatewayClient; ready: Frame }>;
} {
  let current: Harness | undefined;
  const clients: GatewayClient[] = [];
  beforeEach(async () => {
    current = await startWorldGateway();
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await current?.close();
  });
  const harness = (): Harness => {
    if (!current) throw new Error('the world gateway starts in beforeEach: use it inside a test');
    return current;
  };
  const connect = async (): Promise<GatewayClient> => {
    const client = await GatewayClient.connect(harness().url);
    clients.push(client);
    return client;
  };
  return {
    harness,
    connect,
    async identify(token) {
      const client = await connect();
      return { client, ready: await client.identify(token) };
    },
  };
}

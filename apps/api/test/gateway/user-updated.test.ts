import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventJson, lazilyDecoded } from '@chat/contract';
import { routeOf, type Actor, type LoggedEvent } from '@chat/domain';
import { createTestWorld, expectOk, type TestWorld } from '@chat/domain/testing';
import pino from 'pino';
import { presenceDeps } from '../../src/gateway/presence-tracker';
import { Gateway } from '../../src/gateway/gateway';
import { GatewayClient, type Frame } from './gateway-client';

/*
 * user.updated through one in-process gateway over the in-memory world. The log's events are handed
 * to the gateway as a reader would, in their stored form (the text the log keeps, with the user's
 * servers in it), so what a frame may carry is tested as it is in production.
 */

interface Harness {
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

async function start(): Promise<Harness> {
  const world = createTestWorld();
  let handed = world.events().length;
  const gateway = new Gateway(
    {
      openSession: world.openGatewaySession,
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

async function aUser(world: TestWorld, name: string): Promise<{ actor: Actor; token: string }> {
  const grant = expectOk(await world.register.execute({ username: name, email: `${name}@example.com`, password: 'correct horse battery' }));
  const actor = await world.tokens.verify(grant.token);
  if (!actor) throw new Error('the fake token did not verify');
  return { actor, token: grant.token };
}

async function joined(world: TestWorld, user: Actor, serverId: string, inviter: Actor): Promise<void> {
  const invite = expectOk(await world.createInvite.execute(inviter, serverId));
  expectOk(await world.joinByInvite.execute(user, invite.code));
}

const updates = (client: GatewayClient): Frame[] => client.dispatches().filter((f) => f.t === 'user.updated');
/** A marker every connected member gets after the change: once it arrived, so did anything before it. */
const isMarker = (f: Frame) => f.t === 'message.created' && f.d?.content === 'marker';

describe('user.updated through the gateway (in process, in-memory world)', () => {
  let h: Harness;
  const clients: GatewayClient[] = [];
  const connect = async (token: string) => {
    const client = await GatewayClient.connect(h.url);
    clients.push(client);
    await client.identify(token);
    return client;
  };

  beforeEach(async () => {
    h = await start();
  });

  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await h.close();
  });

  it('reaches a co-member of two servers once, the user on every session, and a stranger not at all; never with the servers', async () => {
    const { world } = h;
    const ann = await aUser(world, 'ann');
    const bob = await aUser(world, 'bob');
    const stranger = await aUser(world, 'stranger');
    const first = await world.aServer(ann.actor, 'First');
    const second = await world.aServer(ann.actor, 'Second');
    const strangers = await world.aServer(stranger.actor, 'Elsewhere');
    await joined(world, bob.actor, first.id, ann.actor);
    await joined(world, bob.actor, second.id, ann.actor);
    h.deliver();
    const [coMember, annLaptop, annPhone, outsider] = await Promise.all([connect(bob.token), connect(ann.token), connect(ann.token), connect(stranger.token)]);

    expectOk(await world.updateAccount.execute(ann.actor, { displayName: 'Ann B.', avatar: 'https://cdn.example.com/ann.png' }));
    expectOk(await world.sendMessage.execute(ann.actor, second.defaultChannelId, { content: 'marker' }));
    expectOk(await world.sendMessage.execute(stranger.actor, strangers.defaultChannelId, { content: 'marker' }));
    h.deliver();
    await Promise.all([coMember, annLaptop, annPhone, outsider].map((client) => client.next(isMarker, 5_000, 'the marker')));

    const data = { id: ann.actor.userId, username: 'ann', displayName: 'Ann B.', avatar: 'https://cdn.example.com/ann.png' };
    for (const client of [coMember, annLaptop, annPhone]) {
      expect(updates(client)).toEqual([{ op: 'dispatch', t: 'user.updated', cursor: expect.any(String), d: data }]);
    }
    expect(updates(outsider)).toEqual([]);
    // A new socket starts from the changed face.
    const later = await GatewayClient.connect(h.url);
    clients.push(later);
    expect((await later.identify(ann.token)).d.user).toEqual(data);
  });

  it('replays it once on resume to a co-member of two servers, and not to a stranger', async () => {
    const { world } = h;
    const ann = await aUser(world, 'ann');
    const bob = await aUser(world, 'bob');
    const stranger = await aUser(world, 'stranger');
    const first = await world.aServer(ann.actor, 'First');
    const second = await world.aServer(ann.actor, 'Second');
    await world.aServer(stranger.actor, 'Elsewhere');
    await joined(world, bob.actor, first.id, ann.actor);
    await joined(world, bob.actor, second.id, ann.actor);
    h.deliver();
    // Identified, then gone: each resumes from its ready's cursor, before the change.
    const cursors = await Promise.all(
      [bob, stranger].map(async ({ token }) => {
        const client = await GatewayClient.connect(h.url);
        const ready = await client.identify(token);
        client.close();
        return ready.d.cursor as string;
      }),
    );

    expectOk(await world.updateAccount.execute(ann.actor, { displayName: 'Ann B.' }));
    expectOk(await world.sendMessage.execute(ann.actor, first.defaultChannelId, { content: 'after' }));
    h.deliver();

    const resumedBob = await GatewayClient.connect(h.url);
    const resumedStranger = await GatewayClient.connect(h.url);
    clients.push(resumedBob, resumedStranger);
    const replayedToBob = await resumedBob.resume(bob.token, cursors[0]!);
    const replayedToStranger = await resumedStranger.resume(stranger.token, cursors[1]!);

    expect(replayedToBob.dispatches.map((f) => [f.t, f.d?.content ?? f.d])).toEqual([
      ['user.updated', { id: ann.actor.userId, username: 'ann', displayName: 'Ann B.', avatar: null }],
      ['message.created', 'after'],
    ]);
    expect(replayedToStranger.dispatches).toEqual([]);
  });
});

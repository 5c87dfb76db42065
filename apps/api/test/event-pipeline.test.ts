import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventJson } from '@chat/contract';
import { routeOf, type EncodedEvent, type EventStream, type LoggedEvent } from '@chat/domain';
import { createTestWorld, expectOk, type TestWorld } from '@chat/domain/testing';
import pino from 'pino';
import { CommitSignal } from '../src/events/commit-signal';
import { createEventPipeline, type EventPipeline } from '../src/events/event-pipeline';
import { presenceDeps } from '../src/gateway/presence-tracker';
import type { GatewayOptions } from '../src/gateway/gateway';
import { GatewayClient } from './gateway/gateway-client';

/*
 * The event pipeline put together in process over the in-memory world: a commit rung on the
 * signal makes the relay place it, the reader read it and the gateway send it to a socket. The
 * relay's own timer is an hour, so only the ring can make it pass.
 */

const GATEWAY: GatewayOptions = {
  heartbeatMs: 30_000,
  identifyTimeoutMs: 10_000,
  maxBufferBytes: 65_536,
  maxReplayEvents: 2_000,
  doors: { maxSockets: 100, maxPerAddress: 100, maxPerUser: 10, allowedOrigins: [], trustProxy: 0 },
};

/** A relay over the world's events: a pass places all recorded so far; the history shows only placed ones. */
function aRelay(world: TestWorld) {
  const state = { head: world.events().length, passes: 0 };
  return {
    state,
    relay: {
      async place() {
        state.passes += 1;
        const placed: EncodedEvent[] = world
          .events()
          .slice(state.head)
          // As the log stores them: the wire form's data beside the route (this replica's reader hands them on as placed).
          .map((event, i) => ({ position: state.head + i + 1, id: String(state.head + i + 1), ...routeOf(event), data: JSON.stringify(eventJson(event).d) }));
        state.head += placed.length;
        return { held: true, placed, head: state.head, pending: false };
      },
      prune: async () => 0,
    },
    history: {
      async after(position: number, limit: number): Promise<LoggedEvent[]> {
        return (await world.history.after(position, limit)).filter((logged) => logged.position <= state.head);
      },
    },
  };
}

interface Harness {
  readonly world: TestWorld;
  readonly commits: CommitSignal;
  readonly relay: ReturnType<typeof aRelay>['state'];
  readonly pipeline: EventPipeline;
  readonly lag: () => number;
  readonly url: string;
  close(): Promise<void>;
}

async function start(stream?: EventStream): Promise<Harness> {
  const world = createTestWorld();
  const commits = new CommitSignal();
  const { state, relay, history } = aRelay(world);
  let lag = () => -1;
  const pipeline = createEventPipeline(
    {
      log: { logId: 'memory', head: state.head },
      relay,
      history,
      ...(stream ? { stream } : {}),
      commits,
      signals: world.signals,
      openSession: world.openGatewaySession,
      linkAttachment: (id) => world.linkAttachment.execute(id),
      presence: presenceDeps(world, 'replica-test'),
      logger: pino({ level: 'silent' }),
      metrics: { attach: (sources) => void (lag = sources.eventReaderLag ?? lag), eventsDelivered: () => {}, slowConsumerClosed: () => {}, gatewayRefused: () => {} },
    },
    { gateway: GATEWAY, retention: { count: 100, minutes: 15 }, blockMs: 5, relayIntervalMs: 3_600_000 },
  );
  const http: Server = createServer((_req, res) => res.writeHead(404).end());
  pipeline.gateway.attach(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  pipeline.start();
  return {
    world,
    commits,
    relay: state,
    pipeline,
    lag: () => lag(),
    url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}/api/gateway`,
    async close() {
      pipeline.stop();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

const until = async (check: () => boolean, ms = 2_000) => {
  for (const deadline = Date.now() + ms; !check(); ) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
};

/** A user connected to the gateway, identified. */
async function aConnectedUser(h: Harness) {
  const grant = expectOk(await h.world.register.execute({ username: 'alice', email: 'alice@example.com', password: 'correct horse battery' }));
  const actor = await h.world.tokens.verify(grant.token);
  if (!actor) throw new Error('the fake token did not verify');
  const client = await GatewayClient.connect(h.url);
  await client.identify(grant.token);
  return { actor, client };
}

describe('the event pipeline (in process, in-memory world)', () => {
  let harness: Harness;

  afterEach(async () => {
    await harness.close();
  });

  it('carries a commit rung on the signal to a connected socket: relay, reader, gateway', async () => {
    harness = await start();
    const { actor, client } = await aConnectedUser(harness);
    await until(() => harness.relay.passes > 0);
    const passes = harness.relay.passes;

    const server = expectOk(await harness.world.createServer.execute(actor, { name: 'Pipes' }));
    harness.commits.ring();

    const dispatch = await client.next((frame) => frame.op === 'dispatch', 2_000, 'the dispatch of the join');
    expect({ t: dispatch.t, serverId: dispatch.d.serverId, passes: harness.relay.passes - passes }).toEqual({ t: 'member.joined', serverId: server.id, passes: 1 });
    expect(harness.lag()).toBe(0);
    await expect(harness.pipeline.check()).resolves.toBeUndefined();
    client.close();
  });

  it('publishes what the relay placed to the stream, once per pass', async () => {
    const published: number[][] = [];
    const stream: EventStream = {
      publish: async (events) => void published.push(events.map((e) => e.position)),
      read: (_position, blockMs) => new Promise((resolve) => setTimeout(() => resolve([]), blockMs)),
    };
    harness = await start(stream);
    const owner = await harness.world.aUser();
    await until(() => harness.relay.passes > 0);
    const head = harness.relay.head;

    await harness.world.aServer(owner);
    harness.commits.ring();

    await until(() => published.length > 0);
    expect(published).toEqual([[...Array(harness.relay.head - head).keys()].map((i) => head + i + 1)]);
  });

  it('on stop, closes its sockets with 1001 and no longer hears commits', async () => {
    harness = await start();
    const { actor, client } = await aConnectedUser(harness);
    await until(() => harness.relay.passes > 0);

    harness.pipeline.stop();
    const passes = harness.relay.passes;
    await harness.world.aServer(actor);
    harness.commits.ring();
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect({ code: await client.closed(3_000), passes: harness.relay.passes }).toEqual({ code: 1001, passes });
  });
});

import type { EncodedEvent, EventRelay } from '@chat/domain';
import pino from 'pino';
import { RelayLoop } from '../src/events/relay-loop';

const encoded = (position: number): EncodedEvent => ({ position, id: String(position), type: 'member.left', serverId: '10', subjectId: '3', channelId: null, data: '{}' });

const until = async (check: () => boolean, ms = 2_000) => {
  for (const deadline = Date.now() + ms; !check(); ) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
};

/** A relay that places `queued` on its next pass; passes take a few ms, as a round trip does. */
function aRelay() {
  /** `passes`: begun; `ended`: answered. */
  const state = { queued: [] as EncodedEvent[], passes: 0, ended: 0, head: 0, held: true };
  const relay: Pick<EventRelay, 'place' | 'prune'> = {
    async place() {
      state.passes += 1;
      await new Promise((resolve) => setTimeout(resolve, 3));
      state.ended += 1;
      if (!state.held) return { held: false, placed: [], head: state.head, pending: false };
      const placed = state.queued.splice(0);
      state.head += placed.length;
      return { held: true, placed, head: state.head, pending: false };
    },
    prune: async () => 0,
  };
  return { state, relay };
}

const quiet = { logger: pino({ level: 'silent' }), retention: { count: 100, minutes: 15 }, intervalMs: 10_000 };

describe('RelayLoop', () => {
  it('places on a nudge, publishes what it placed, and tells the reader', async () => {
    const { state, relay } = aRelay();
    const published: number[] = [];
    let told = 0;
    const loop = new RelayLoop(relay, { ...quiet, publish: async (events) => void published.push(...events.map((e) => e.position)), onPlaced: () => (told += 1) });
    loop.start();
    await until(() => state.passes === 1);

    state.queued.push(encoded(1), encoded(2));
    loop.nudge();
    await until(() => published.length === 2);
    loop.stop();

    expect({ published, told, head: loop.head }).toEqual({ published: [1, 2], told: 1, head: 2 });
  });

  it('hands the reader the events it placed with the publish already written, not after its answer', async () => {
    const { state, relay } = aRelay();
    const order: string[] = [];
    const publish = async (events: readonly EncodedEvent[]) => {
      order.push(`publish ${events.map((e) => e.position).join(',')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('published');
    };
    const loop = new RelayLoop(relay, { ...quiet, publish, onPlaced: (placed) => void order.push(`placed ${placed.map((e) => e.position).join(',')}`) });
    loop.start();
    await until(() => state.passes === 1);

    state.queued.push(encoded(1), encoded(2));
    loop.nudge();
    await until(() => order.includes('published'));
    loop.stop();

    expect(order).toEqual(['publish 1,2', 'placed 1,2', 'published']);
  });

  it('passes on a quiet nudge in the same turn of the event loop, not at a later timer', async () => {
    const { state, relay } = aRelay();
    const loop = new RelayLoop(relay, { ...quiet, onPlaced: () => {} });
    loop.start();
    await until(() => state.passes === 1);
    await new Promise((resolve) => setTimeout(resolve, 10));

    loop.nudge();
    await new Promise((resolve) => setImmediate(resolve));
    loop.stop();

    expect(state.passes).toBe(2);
  });

  it('folds the nudges that arrive during a pass into one more pass', async () => {
    const { state, relay } = aRelay();
    const loop = new RelayLoop(relay, { ...quiet, onPlaced: () => {} });
    loop.start();
    await until(() => state.passes === 1);

    loop.nudge();
    await until(() => state.passes === 2);
    for (let i = 0; i < 50; i += 1) loop.nudge();
    // The third pass answered, and a while more for a fourth that should not come.
    await until(() => state.ended === 3);
    await new Promise((resolve) => setTimeout(resolve, 40));
    loop.stop();

    expect(state.passes).toBe(3);
  });

  it('tries again soon when another replica held the relay, so its own commit is not left behind', async () => {
    const { state, relay } = aRelay();
    state.held = false;
    const loop = new RelayLoop(relay, { ...quiet, onPlaced: () => {} });
    loop.start();

    // Soon: well before the 10 s interval.
    await until(() => state.passes >= 3, 5_000);
    state.held = true;
    state.queued.push(encoded(1));
    await until(() => loop.head === 1, 5_000);
    loop.stop();
  });

  it('keeps placing while publishing fails, and says so once', async () => {
    const { state, relay } = aRelay();
    const warnings: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) });
    let told = 0;
    const loop = new RelayLoop(relay, { ...quiet, logger, publish: async () => Promise.reject(new Error('Redis is away')), onPlaced: () => (told += 1) });
    loop.start();

    for (let i = 1; i <= 3; i += 1) {
      state.queued.push(encoded(i));
      loop.nudge();
      await until(() => loop.head === i);
    }
    loop.stop();

    expect({ told, warnings }).toEqual({ told: 3, warnings: ['cannot publish events to Redis; replicas read them from the database'] });
  });

  it('relays at once while quiet, and waits to carry more after a busy pass', async () => {
    const { state, relay } = aRelay();
    // A wait of a second after a busy pass: the bounds below have room on a loaded machine.
    const loop = new RelayLoop(relay, { ...quiet, coalesceMs: 1_000, onPlaced: () => {} });
    loop.start();
    await until(() => state.passes === 1);

    state.queued.push(encoded(1));
    loop.nudge();
    await until(() => loop.head === 1, 500);
    state.queued.push(...Array.from({ length: 10 }, (_v, i) => encoded(i + 2)));
    loop.nudge();
    await until(() => loop.head === 11, 500);
    state.queued.push(encoded(12));
    loop.nudge();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const waiting = loop.head;
    await until(() => loop.head === 12, 3_000);
    loop.stop();

    expect(waiting).toBe(11);
  });
});

import type { Signal } from '@chat/domain';
import { createTestWorld } from '@chat/domain/testing';
import pino from 'pino';
import type { Connection } from '../../src/gateway/connection';
import { presenceDeps, PresenceTracker } from '../../src/gateway/presence-tracker';
import { opening } from './fan-out-helpers';

const HEARTBEAT_MS = 30_000;

/** A live connection of `userId` in the server `10`, as the gateway hands it to the tracker. */
function aConnection(userId: string): Connection {
  const { connection } = opening(userId, ['10']);
  connection.goLive();
  return connection;
}

/** Which of `userIds` are among `presences`, in id order. */
const inPlace = (presences: readonly { userId: string }[], ...userIds: string[]) => presences.map(({ userId }) => userId).filter((userId) => userIds.includes(userId)).sort();

/** Until what the tracker started (without waiting) has settled. */
const until = async (check: () => Promise<boolean>) => {
  for (const deadline = Date.now() + 2_000; !(await check()); ) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
};

describe('a replica’s presence tracker', () => {
  const world = createTestWorld();
  const statusOf = async (userId: string) => (await world.presence.present([userId]))[0]?.status ?? 'offline';

  it('counts its users’ sockets: online from the first, offline after the last', async () => {
    const tracker = new PresenceTracker(presenceDeps(world, 'counting'), HEARTBEAT_MS, pino({ level: 'silent' }));
    tracker.start();
    const [one, two] = [aConnection('1'), aConnection('1')];

    tracker.joined(one);
    tracker.joined(two);
    await until(async () => (await statusOf('1')) === 'online');
    tracker.left(one);
    tracker.left(one);
    const afterOne = await statusOf('1');
    tracker.left(two);
    await until(async () => (await statusOf('1')) === 'offline');
    tracker.stop();

    expect(afterOne).toBe('online');
  });

  it('enters again, with every socket it holds, when the registry lost its record or a change failed', async () => {
    let failing = true;
    const deps = presenceDeps(world, 'unlucky');
    const tracker = new PresenceTracker(
      {
        ...deps,
        connectSocket: {
          execute: async (...args) => {
            if (!failing) return deps.connectSocket.execute(...args);
            failing = false;
            throw new Error('Redis is away');
          },
        },
      },
      HEARTBEAT_MS,
      pino({ level: 'silent' }),
    );
    tracker.start();

    tracker.joined(aConnection('2'));
    await until(async () => !failing);
    tracker.joined(aConnection('3'));
    await until(async () => (await statusOf('3')) === 'online');
    // The registry lost the record (reaped while this replica was away): the next change says so.
    world.clock.advance(HEARTBEAT_MS);
    await world.keepPresence.execute('another', HEARTBEAT_MS, () => new Map(), true);
    const reaped = [await statusOf('2'), await statusOf('3')];
    tracker.joined(aConnection('4'));
    await until(async () => (await statusOf('4')) === 'online' && (await statusOf('2')) === 'online');
    tracker.stop();

    expect({ reaped, now: [await statusOf('2'), await statusOf('3'), await statusOf('4')] }).toEqual({ reaped: ['offline', 'offline'], now: ['online', 'online', 'online'] });
    // Entered again with where each is heard: ready finds them in their server.
    expect(inPlace(await world.presence.presentIn(['10']), '2', '3', '4')).toEqual(['2', '3', '4']);
  });

  it('enters again with what each of its users chose here, once reaped: at identify, or later, even while it was reaped', async () => {
    const tracker = new PresenceTracker(presenceDeps(world, 'reaped'), HEARTBEAT_MS, pino({ level: 'silent' }));
    tracker.start();
    const [atIdentify, later] = [aConnection('20'), aConnection('21')];
    atIdentify.chosen = 'idle';
    tracker.joined(atIdentify);
    tracker.joined(later);
    await until(async () => (await statusOf('20')) === 'idle' && (await statusOf('21')) === 'online');

    world.clock.advance(HEARTBEAT_MS);
    await world.keepPresence.execute('reaper', HEARTBEAT_MS, () => new Map(), true);
    const reaped = [await statusOf('20'), await statusOf('21')];
    // Chosen while the record is gone: the registry cannot take it (the user holds no socket there).
    tracker.choose(later, 'dnd');
    tracker.joined(aConnection('22'));
    await until(async () => (await statusOf('22')) === 'online');
    tracker.stop();

    expect({ reaped, now: [await statusOf('20'), await statusOf('21')] }).toEqual({ reaped: ['offline', 'offline'], now: ['idle', 'dnd'] });
  });

  it('shows what a socket chose at identify though its connect found the record reaped and another replica holds the user', async () => {
    const tracker = new PresenceTracker(presenceDeps(world, 'reaped-too'), HEARTBEAT_MS, pino({ level: 'silent' }));
    tracker.start();
    tracker.joined(aConnection('23'));
    await until(async () => (await statusOf('23')) === 'online');
    world.clock.advance(HEARTBEAT_MS);
    await world.keepPresence.execute('reaper', HEARTBEAT_MS, () => new Map(), true);
    await world.presence.enter('elsewhere', 10 * HEARTBEAT_MS, new Map([['24', { count: 1, places: ['10'] }]]));
    await world.presence.choose('24', 'dnd');

    const heard: Signal[] = [];
    const unsubscribe = world.signals.subscribe((signal) => heard.push(signal));

    const second = aConnection('24');
    second.chosen = 'idle';
    tracker.joined(second);
    await until(async () => (await statusOf('23')) === 'online');
    await until(async () => (await statusOf('24')) === 'idle').catch(() => undefined);
    tracker.stop();
    unsubscribe();

    expect(await statusOf('24')).toBe('idle');
    // Told once, where the socket hears.
    expect(heard.filter((signal) => signal.type === 'presence.updated' && signal.userId === '24')).toEqual([{ type: 'presence.updated', userId: '24', status: 'idle', serverIds: ['10'] }]);
  });

  it('tells the registry where its counted connections are heard: their places once live, then each they come into or leave', async () => {
    const tracker = new PresenceTracker(presenceDeps(world, 'placing'), HEARTBEAT_MS, pino({ level: 'silent' }));
    tracker.start();
    const connection = aConnection('6');
    const heard = async () => [inPlace(await world.presence.presentIn(['10']), '6'), inPlace(await world.presence.presentIn(['11']), '6')];

    tracker.moved(connection, '11', true);
    const uncounted = await heard();
    tracker.joined(connection);
    await until(async () => (await statusOf('6')) === 'online');
    const live = await heard();
    tracker.moved(connection, '11', true);
    tracker.moved(connection, '10', false);
    await until(async () => (await heard())[0]?.length === 0);
    tracker.stop();

    expect({ uncounted, live, moved: await heard() }).toEqual({ uncounted: [[], []], live: [['6'], []], moved: [[], ['6']] });
  });

  it('once stopped, leaves its sockets to run out with its record: closing them changes nothing', async () => {
    const tracker = new PresenceTracker(presenceDeps(world, 'stopping'), HEARTBEAT_MS, pino({ level: 'silent' }));
    tracker.start();
    const connection = aConnection('5');
    tracker.joined(connection);
    await until(async () => (await statusOf('5')) === 'online');

    tracker.stop();
    tracker.left(connection);
    const afterClose = await statusOf('5');
    world.clock.advance(HEARTBEAT_MS);
    await world.keepPresence.execute('survivor', HEARTBEAT_MS, () => new Map(), true);

    expect({ afterClose, afterExpiry: await statusOf('5') }).toEqual({ afterClose: 'online', afterExpiry: 'offline' });
  });
});

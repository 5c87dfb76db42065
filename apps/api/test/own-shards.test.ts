import type { LoggedEvent } from '@chat/domain';
import { createRedisClient, shardOfPlace, ShardedRedisEventStream, whenReady, type RedisClient } from '@chat/redis';
import pino from 'pino';
import { EventReader } from '../src/events/event-reader';
import { aFanOut, live } from './gateway/fan-out-helpers';
import { describeEachRedis, uniquePrefix } from './redis-testing';
import { published, readerOf, shown, until } from './ring-readers';
import { idOutside, inOrder, joined, loggedOf, said, streamsOn } from './stream-events';

/*
 * This replica's reader over the sharded stream, reading for the fan-out's interest, as the
 * pipeline wires them: a socket whose user joins a server its replica does not read yet gets the
 * join and the server's events right after it, though they came in the same read.
 */
describeEachRedis('a reader reading only its sockets’ shards, with the fan-out', (shape) => {
  const on = streamsOn(shape, (redis, blocking, prefix) => new ShardedRedisEventStream(redis, blocking, prefix, 'log1'));

  it('widens its reads at a join of one of its users, in the middle of a pass, and loses nothing of the joined server', async () => {
    const user = '42';
    const home = idOutside([user]);
    const away = idOutside([user, home]);
    const fanOut = aFanOut();
    const socket = live(fanOut, user, [home]);
    const reads: number[] = [];
    const redis = on.redis();
    const stream = new ShardedRedisEventStream(redis, on.blocking(), uniquePrefix(), 'log1', { onShardRead: (shard) => reads.push(shard) });
    const events = inOrder([
      said('away before', 1, away),
      said('home 1', 2, home),
      joined(away, user),
      said('away 1', 4, away),
      said('away 2', 5, away),
      said('home 2', 6, home),
      said('away 3', 7, away),
    ]);
    // Two passes, both in one read of the index: the join in the middle of the first.
    await stream.publish(events.slice(0, 5));
    await stream.publish(events.slice(5));
    const log = loggedOf(events);
    const reader = new EventReader({ history: { after: async (position, limit) => log.filter((e) => e.position > position).slice(0, limit) }, live: stream, interest: fanOut, logger: pino({ level: 'silent' }), blockMs: 50 });
    reader.start(0, (handed) => fanOut.deliver(handed));
    try {
      await until(() => reader.position === 7);
    } finally {
      reader.stop();
    }

    expect(shown(socket.sent)).toEqual(['message.created home 1', 'member.joined 42', 'message.created away 1', 'message.created away 2', 'message.created home 2', 'message.created away 3']);
    // Before the join it read the user's shard and its home's only; the away server's after it.
    const firstAway = reads.indexOf(shardOfPlace(away));
    expect(firstAway).toBeGreaterThan(0);
    expect(new Set(reads.slice(0, firstAway))).toEqual(new Set([shardOfPlace(user), shardOfPlace(home)]));
  });

  it('reads nothing while none of its sockets is live, as other replicas’ passes go by, and a socket that goes live then misses nothing', async () => {
    const user = '42';
    const home = idOutside([user]);
    const fanOut = aFanOut();
    const shardReads: number[] = [];
    // Every read of Redis the reader makes goes through its blocking client: counted here.
    let blockingReads = 0;
    const blocking = on.blocking();
    const counted = new Proxy(blocking, {
      get(target, name) {
        const value: unknown = Reflect.get(target, name, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (name === 'xread' || name === 'xrange') blockingReads += 1;
          return (value as (...given: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as RedisClient;
    const stream = new ShardedRedisEventStream(on.redis(), counted, uniquePrefix(), 'log1', { onShardRead: (shard) => shardReads.push(shard) });
    const events = inOrder([said('home 1', 1, home), said('home 2', 2, home), said('home 3', 3, home), said('home 4', 4, home), said('home 5', 5, home), said('home 6', 6, home), said('home 7', 7, home)]);
    const log = loggedOf(events);
    let logReads = 0;
    let head = 0;
    const history = {
      after: async (position: number, limit: number) => {
        logReads += 1;
        return log.filter((e) => e.position > position).slice(0, limit);
      },
    };
    const reader = new EventReader({ history, live: stream, interest: fanOut, head: () => head, logger: pino({ level: 'silent' }), blockMs: 50, pollMs: 5 });
    reader.start(0, (handed) => fanOut.deliver(handed));
    let socket: ReturnType<typeof live> | undefined;
    try {
      // Another replica's passes, one event each: this one has no socket, and reads none of them.
      for (const event of events.slice(0, 4)) {
        await stream.publish([event]);
        head = event.position;
        await until(() => reader.position === event.position);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect({ blockingReads, shardReads, logReads }).toEqual({ blockingReads: 0, shardReads: [], logReads: 0 });

      // Two more passes reach Redis; the socket goes live in the turn the relay sees them, its replay having read the log up to 4.
      await stream.publish(events.slice(4, 6));
      await stream.publish(events.slice(6));
      expect(reader.position).toBe(4);
      head = 7;
      socket = live(fanOut, user, [home]);
      await until(() => reader.position === 7);
    } finally {
      reader.stop();
    }

    expect(shown(socket.sent)).toEqual(['message.created home 5', 'message.created home 6', 'message.created home 7']);
    expect(blockingReads).toBeGreaterThan(0);
    expect(new Set(shardReads)).toEqual(new Set([shardOfPlace(home)]));
  });

  /*
   * With rings (a connection subscribed to the shards' bells): a replica whose sockets are in one
   * server wakes for that server's passes, not for the fleet's, and still loses nothing.
   */
  describe('with rings', () => {
    const rung = async () => {
      const bells = createRedisClient({ ...shape.target(), onError: () => {} });
      opened.push(bells);
      if (!(await whenReady(bells, 5_000))) throw new Error('the rings’ Redis client did not connect');
      return bells;
    };
    const opened: RedisClient[] = [];
    afterAll(() => {
      for (const client of opened) client.disconnect();
    });

    it('reads the index once for a run of other servers’ passes, and is woken at once by a pass of its own server', async () => {
      const user = '42';
      const home = idOutside([user]);
      const other = idOutside([user, home]);
      const fanOut = aFanOut();
      const socket = live(fanOut, user, [home]);
      let indexReads = 0;
      const stream = new ShardedRedisEventStream(on.redis(), on.blocking(), uniquePrefix(), 'log1', { bells: await rung(), onIndexRead: () => (indexReads += 1) });
      const events = inOrder([...Array.from({ length: 12 }, (_, i) => said(`other ${i}`, i, other)), said('home 1', 12, home)]);
      const log: LoggedEvent[] = [];
      const { reader, logReads } = readerOf(stream, fanOut, log);
      try {
        // The first read sweeps the (empty) index and, finding nothing, the log: then it waits for a
        // ring. Waited for to its end (the log read), not its start: a sweep slow to reach Redis
        // under load would find the first passes already there.
        await until(() => indexReads === 1 && logReads() === 1);
        await new Promise((resolve) => setTimeout(resolve, 50));
        for (const event of events.slice(0, 12)) {
          await published(stream, log, [event]);
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const beforeHome = indexReads;
        await published(stream, log, events.slice(12));
        // Well within the block: the ring woke it.
        await until(() => reader.position === 13, 2_000);
        expect({ beforeHome, after: indexReads, logReads: logReads() }).toEqual({ beforeHome: 1, after: 2, logReads: 1 });
      } finally {
        reader.stop();
      }
      expect(shown(socket.sent)).toEqual(['message.created home 1']);
    });

    it('finds a pass whose ring was lost when its wait times out', async () => {
      const home = idOutside(['42']);
      const fanOut = aFanOut();
      const socket = live(fanOut, '42', [home]);
      const redis = on.redis();
      // A publisher whose rings never reach Redis (as in a failover of the node that had them).
      const silent = new Proxy(redis, {
        get(target, name) {
          if (name === 'publish') return async () => 0;
          const value: unknown = Reflect.get(target, name, target);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      }) as RedisClient;
      const prefix = uniquePrefix();
      const stream = new ShardedRedisEventStream(redis, on.blocking(), prefix, 'log1', { bells: await rung() });
      const publisher = new ShardedRedisEventStream(silent, on.blocking(), prefix, 'log1');
      const events = inOrder([said('home 1', 1, home), said('home 2', 2, home)]);
      const log: LoggedEvent[] = [];
      const { reader, logReads } = readerOf(stream, fanOut, log, 3_000);
      try {
        // The first sweep over (the index, then the log, both empty): it waits for a ring.
        await until(() => logReads() === 1);
        await new Promise((resolve) => setTimeout(resolve, 50));
        await published(publisher, log, events.slice(0, 1));
        await new Promise((resolve) => setTimeout(resolve, 50));
        // Not rung: not read yet.
        expect(reader.position).toBe(0);
        // Read when the wait times out.
        await until(() => reader.position === 1, 6_000);
        // A rung pass after it comes at once, well before the next time out.
        await published(stream, log, events.slice(1));
        await until(() => reader.position === 2, 1_500);
      } finally {
        reader.stop();
      }
      expect(shown(socket.sent)).toEqual(['message.created home 1', 'message.created home 2']);
    });

    it('stops waiting when a socket goes live in a server it did not follow, and delivers that server’s next pass at once', async () => {
      const home = idOutside(['42', '43']);
      const away = idOutside(['42', '43', home]);
      const fanOut = aFanOut();
      live(fanOut, '42', [home]);
      let indexReads = 0;
      const stream = new ShardedRedisEventStream(on.redis(), on.blocking(), uniquePrefix(), 'log1', { bells: await rung(), onIndexRead: () => (indexReads += 1) });
      const events = inOrder([said('away 1', 1, away)]);
      const log: LoggedEvent[] = [];
      const { reader } = readerOf(stream, fanOut, log);
      let socket: ReturnType<typeof live> | undefined;
      try {
        await until(() => indexReads === 1);
        await new Promise((resolve) => setTimeout(resolve, 50));
        socket = live(fanOut, '43', [away]);
        await until(() => indexReads >= 2, 2_000);
        await new Promise((resolve) => setTimeout(resolve, 50));
        await published(stream, log, events);
        await until(() => reader.position === 1, 2_000);
      } finally {
        reader.stop();
      }
      expect(shown(socket.sent)).toEqual(['message.created away 1']);
    });

    it('reads the log when its rings’ connection is down, and loses nothing', async () => {
      const home = idOutside(['42']);
      const fanOut = aFanOut();
      const socket = live(fanOut, '42', [home]);
      const down = await rung();
      down.disconnect();
      const stream = new ShardedRedisEventStream(on.redis(), on.blocking(), uniquePrefix(), 'log1', { bells: down });
      const events = inOrder([said('home 1', 1, home), said('home 2', 2, home)]);
      const log: LoggedEvent[] = [];
      const { reader, logReads } = readerOf(stream, fanOut, log);
      try {
        await published(stream, log, events);
        await until(() => reader.position === 2, 3_000);
      } finally {
        reader.stop();
      }
      expect(logReads()).toBeGreaterThan(0);
      expect(shown(socket.sent)).toEqual(['message.created home 1', 'message.created home 2']);
    });
  });
});

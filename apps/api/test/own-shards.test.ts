import { lazilyDecoded } from '@chat/contract';
import type { EncodedEvent, LoggedEvent } from '@chat/domain';
import { shardOfPlace, ShardedRedisEventStream, type RedisClient } from '@chat/redis';
import pino from 'pino';
import { EventReader } from '../src/events/event-reader';
import { aFanOut, live } from './gateway/fan-out-helpers';
import { describeEachRedis, uniquePrefix } from './redis-testing';
import { encoded, idOutside, joined, said, streamsOn } from './stream-events';

const until = async (check: () => boolean, ms = 5_000) => {
  for (const deadline = Date.now() + ms; !check(); ) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/** The frames' types and contents, in a line each. */
const shown = (frames: readonly string[]) =>
  frames.map((text) => {
    const frame = JSON.parse(text);
    return `${frame.t} ${frame.d.content ?? frame.d.userId ?? ''}`;
  });

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
    const events: EncodedEvent[] = [
      said('away before', 1, away),
      said('home 1', 2, home),
      joined(away, user),
      said('away 1', 4, away),
      said('away 2', 5, away),
      said('home 2', 6, home),
      said('away 3', 7, away),
    ].map((event, i) => encoded(i + 1, event));
    // Two passes, both in one read of the index: the join in the middle of the first.
    await stream.publish(events.slice(0, 5));
    await stream.publish(events.slice(5));
    const log: LoggedEvent[] = events.map((e) => lazilyDecoded(e.position, e.id, e.type, e.data, e));
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
    const events: EncodedEvent[] = [said('home 1', 1, home), said('home 2', 2, home), said('home 3', 3, home), said('home 4', 4, home), said('home 5', 5, home), said('home 6', 6, home), said('home 7', 7, home)].map((event, i) =>
      encoded(i + 1, event),
    );
    const log: LoggedEvent[] = events.map((e) => lazilyDecoded(e.position, e.id, e.type, e.data, e));
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
});

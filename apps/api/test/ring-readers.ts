import type { EncodedEvent, LoggedEvent } from '@chat/domain';
import type { ShardedRedisEventStream } from '@chat/redis';
import pino from 'pino';
import { EventReader } from '../src/events/event-reader';
import { aFanOut } from './gateway/fan-out-helpers';
import { loggedOf } from './stream-events';

/* A reader over the sharded stream with rings, and what the tests of its wake-ups look at. */

export const until = async (check: () => boolean, ms = 5_000) => {
  for (const deadline = Date.now() + ms; !check(); ) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/** The frames' types and contents, in a line each. */
export const shown = (frames: readonly string[]) =>
  frames.map((text) => {
    const frame = JSON.parse(text);
    return `${frame.t} ${frame.d.content ?? frame.d.userId ?? ''}`;
  });

/** Into the log, then onto the stream, as a relay does. */
export const published = async (stream: ShardedRedisEventStream, log: LoggedEvent[], events: EncodedEvent[]) => {
  log.push(...loggedOf(events));
  await stream.publish(events);
};

/** A reader over `stream` for the fan-out, with a long block: only a ring (or an interruption) wakes it sooner. `log`: what is published so far. */
export const readerOf = (stream: ShardedRedisEventStream, fanOut: ReturnType<typeof aFanOut>, log: LoggedEvent[], blockMs = 5_000) => {
  let logReads = 0;
  const history = {
    after: async (position: number, limit: number) => {
      logReads += 1;
      return log.filter((e) => e.position > position).slice(0, limit);
    },
  };
  const reader = new EventReader({ history, live: stream, interest: fanOut, head: () => 0, logger: pino({ level: 'silent' }), blockMs, pollMs: 5 });
  reader.start(0, (handed) => fanOut.deliver(handed));
  return { reader, logReads: () => logReads };
};

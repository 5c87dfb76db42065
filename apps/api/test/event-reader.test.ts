import { memberLeft, routeOf, type LiveEvents, type LoggedEvent } from '@chat/domain';
import pino from 'pino';
import { EventReader } from '../src/events/event-reader';
import { readerStalled } from '../src/events/event-pipeline';

const at = (position: number): LoggedEvent => {
  const event = memberLeft('10', String(position), 'leave');
  return { position, id: String(position), route: routeOf(event), event };
};
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_v, i) => at(from + i));

/** A log of `length` events that the reader reads through `after`, counting the reads. */
function aLog(length: number) {
  const log = { events: range(1, length), reads: 0 };
  return {
    log,
    history: {
      async after(position: number, limit: number) {
        log.reads += 1;
        return log.events.filter((e) => e.position > position).slice(0, limit);
      },
    },
  };
}

function reading(options: { history: ReturnType<typeof aLog>['history']; live?: LiveEvents }, from = 0) {
  const received: number[] = [];
  const reader = new EventReader({ ...options, logger: pino({ level: 'silent' }), pollMs: 5, blockMs: 5 });
  reader.start(from, (events) => received.push(...events.map((e) => e.position)));
  return { reader, received };
}

const until = async (check: () => boolean, ms = 2_000) => {
  for (const deadline = Date.now() + ms; !check(); ) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('EventReader', () => {
  it('hands on every event once, in order, from its start position, reading the database without a live bus', async () => {
    const { history, log } = aLog(1200);
    const { reader, received } = reading({ history }, 100);

    await until(() => reader.position === 1200);
    log.events.push(...range(1201, 1203));
    reader.nudge();
    await until(() => reader.position === 1203);
    reader.stop();

    expect(received).toEqual(range(101, 1203).map((e) => e.position));
  });

  it('reads from the database what the live tail skipped, and hands nothing on twice', async () => {
    const { history } = aLog(10);
    // The Stream lost 3–6 (a relay died between placing and publishing) and repeats 8.
    const tails = [[at(1), at(2), at(7), at(8)], [at(8), at(9), at(10)]];
    const live: LiveEvents = { read: async () => tails.shift() ?? new Promise((resolve) => setTimeout(() => resolve([]), 5)) };
    const { reader, received } = reading({ history, live });

    await until(() => reader.position === 10);
    reader.stop();

    expect(received).toEqual(range(1, 10).map((e) => e.position));
  });

  it('reads the database while the live bus fails, and goes back to it', async () => {
    const { history } = aLog(5);
    let liveReads = 0;
    const live: LiveEvents = {
      read: async (position) => {
        liveReads += 1;
        if (liveReads === 1) throw new Error('Redis is away');
        return position < 5 ? range(position + 1, 5) : new Promise((resolve) => setTimeout(() => resolve([]), 5));
      },
    };
    const { reader, received } = reading({ history, live });

    await until(() => reader.position === 5);
    reader.stop();

    expect(received).toEqual([1, 2, 3, 4, 5]);
  });

  it('reads a stretch again when its interest widened while the read ran (a socket went live), handing on only what the wider read gave', async () => {
    const { history } = aLog(3);
    const interest = { version: 1, places: () => ['10'] };
    const wide = range(1, 3);
    const narrow = wide.map((e) => (e.position === 2 ? { position: 2, id: '', route: { type: '', serverId: null, subjectId: null, channelId: null }, event: null } : e));
    const asked: number[] = [];
    let readWith = 0;
    const live: LiveEvents = {
      read: async (position, _blockMs, given) => {
        if (position >= 3) return new Promise((resolve) => setTimeout(() => resolve([]), 5));
        readWith = given?.version ?? 0;
        asked.push(readWith);
        // The first read leaves position 2 out; a socket goes live meanwhile, wanting it.
        if (asked.length === 1) interest.version = 2;
        return readWith === 1 ? narrow : wide;
      },
      missed: (given) => given.version !== readWith,
    };
    const delivered: LoggedEvent[] = [];
    const reader = new EventReader({ history, live, interest, logger: pino({ level: 'silent' }), pollMs: 5, blockMs: 5 });
    reader.start(0, (events) => delivered.push(...events));

    await until(() => reader.position === 3);
    reader.stop();

    expect(asked.slice(0, 2)).toEqual([1, 2]);
    expect(delivered).toEqual(wide);
  });

  it('hands on what it read from the database to fill a gap before the tail read for an interest, and reads that tail again', async () => {
    const log = aLog(4);
    // Its first page ends at 2 (as a page of 500 ends before the tail's last).
    let pages = 0;
    const history = { after: async (position: number, limit: number) => (pages++ === 0 ? range(1, 2) : log.history.after(position, limit)) };
    const interest = { version: 1, places: () => ['10'] };
    const skipped = (position: number): LoggedEvent => ({ position, id: '', route: { type: '', serverId: null, subjectId: null, channelId: null }, event: null });
    // The Stream lost 1–2; 3 was left out of the first read (its place was not wanted then).
    const live: LiveEvents = {
      read: async (position, _blockMs, given) => {
        if (position >= 4) return new Promise((resolve) => setTimeout(() => resolve([]), 5));
        return given?.version === 1 ? [skipped(3), at(4)] : [at(3), at(4)];
      },
      missed: () => false,
    };
    const batches: LoggedEvent[][] = [];
    const reader = new EventReader({ history, live, interest, logger: pino({ level: 'silent' }), pollMs: 5, blockMs: 5 });
    reader.start(0, (events) => {
      batches.push([...events]);
      // Event 2 (from the database) widens the interest, as a join does.
      if (events.some((e) => e.position === 2)) interest.version = 2;
    });

    await until(() => reader.position === 4);
    reader.stop();

    expect(batches).toEqual([range(1, 2), range(3, 4)]);
  });

  it('hands on at once what the relay offers from its position, and skips the bus copy without waiting', async () => {
    const { history, log } = aLog(2);
    // The bus brings each event only after the reader has been handed it; it blocks 5 ms otherwise.
    const bus: LoggedEvent[][] = [];
    const live: LiveEvents = { read: async () => bus.shift() ?? new Promise((resolve) => setTimeout(() => resolve([]), 5)) };
    const received: number[] = [];
    // A poll wait far longer than the test: a reader that took the bus copy for a hole would stop here.
    const reader = new EventReader({ history, live, logger: pino({ level: 'silent' }), pollMs: 60_000, blockMs: 5 });
    reader.start(2, (events) => received.push(...events.map((e) => e.position)));

    log.events.push(at(3));
    expect(reader.offer([at(3)])).toBe(true);
    expect(received).toEqual([3]);
    bus.push([at(3)]);
    await until(() => bus.length === 0);
    log.events.push(at(4));
    bus.push([at(4)]);
    await until(() => reader.position === 4);
    reader.stop();

    expect(received).toEqual([3, 4]);
  });

  it('refuses what the relay offers past a gap, leaving it to the bus and the log, in order', async () => {
    const { history, log } = aLog(2);
    const { reader, received } = reading({ history }, 2);

    // 3 was placed by another replica and has not reached this one: 4 must wait for it.
    log.events.push(at(3), at(4));
    expect(reader.offer([at(4)])).toBe(false);
    expect(reader.offer([])).toBe(false);
    await until(() => reader.position === 4);
    expect(reader.offer([at(4)])).toBe(false);
    reader.stop();

    expect(received).toEqual([3, 4]);
  });

  it('reads nothing while no socket is live here, following the log head, and reads on from there once one is', async () => {
    const { history, log } = aLog(3);
    const places: string[] = [];
    const interest = { version: 1, places: () => places };
    let head = 3;
    const asked: number[] = [];
    const live: LiveEvents = {
      read: async (position) => {
        asked.push(position);
        return position < log.events.length ? log.events.slice(position) : new Promise((resolve) => setTimeout(() => resolve([]), 5));
      },
      missed: () => false,
    };
    const received: number[] = [];
    const reader = new EventReader({ history, live, interest, head: () => head, logger: pino({ level: 'silent' }), pollMs: 5, blockMs: 5 });
    reader.start(1, (events) => received.push(...events.map((e) => e.position)));
    try {
      // Other replicas' passes go by: the reader moves with the head and reads neither the bus nor the log.
      await until(() => reader.position === 3);
      log.events.push(...range(4, 9));
      head = 9;
      await until(() => reader.position === 9);
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect({ asked, logReads: log.reads, received }).toEqual({ asked: [], logReads: 0, received: [] });

      // A socket goes live here (its replay read the log up to 9, the reader's position): every later event reaches the reader, in order.
      places.push('10');
      interest.version = 2;
      log.events.push(...range(10, 12));
      await until(() => reader.position === 12);
    } finally {
      reader.stop();
    }

    expect(asked[0]).toBe(9);
    expect(received).toEqual([10, 11, 12]);
  });

  it('reads again as soon as a socket goes live when its interest says so, not at its next look at the head', async () => {
    const { history, log } = aLog(3);
    const places: string[] = [];
    const listeners: (() => void)[] = [];
    const interest = { version: 1, places: () => places, onLive: (listener: () => void) => listeners.push(listener) };
    const live: LiveEvents = {
      read: async (position) => (position < log.events.length ? log.events.slice(position) : new Promise((resolve) => setTimeout(() => resolve([]), 5))),
      missed: () => false,
    };
    const received: number[] = [];
    // Looks far apart: a reader that waited for its next look would time this test out.
    const reader = new EventReader({ history, live, interest, head: () => 3, logger: pino({ level: 'silent' }), pollMs: 60_000, blockMs: 60_000 });
    reader.start(0, (events) => received.push(...events.map((e) => e.position)));
    try {
      await until(() => reader.position === 3);
      log.events.push(...range(4, 5));
      places.push('10');
      interest.version = 2;
      for (const listener of listeners) listener();
      await until(() => reader.position === 5);
    } finally {
      reader.stop();
    }

    expect(received).toEqual([4, 5]);
  });

  it('keeps the place of an event it cannot read, and reads on past it', async () => {
    const { history, log } = aLog(3);
    log.events[1] = { position: 2, id: '2', route: { type: 'server.renamed', serverId: '10', subjectId: null, channelId: null }, event: null };
    const delivered: (string | null)[] = [];
    const reader = new EventReader({
      history,
      logger: pino({ level: 'silent' }),
      pollMs: 5,
    });
    reader.start(0, (events) => delivered.push(...events.map((e) => (e.event ? e.event.type : null))));

    await until(() => reader.position === 3);
    reader.stop();

    expect(delivered).toEqual(['member.left', null, 'member.left']);
  });
});

describe('readerStalled, behind /ready', () => {
  // The log's head was 10 at t=90 s, 20 at t=94 s and 30 at t=99 s.
  const relay = { headAsOf: (time: number) => (time >= 99_000 ? 30 : time >= 94_000 ? 20 : time >= 90_000 ? 10 : 0) };

  it('is true when the reader has not reached where the log was the stall time ago, even if it moves', () => {
    expect(readerStalled(19, relay, 100_000, 5_000)).toBe(true);
  });

  it('is false for a reader a little behind the head of this instant, as one keeping up under load is', () => {
    expect(readerStalled(20, relay, 100_000, 5_000)).toBe(false);
    expect(readerStalled(25, relay, 100_000, 5_000)).toBe(false);
  });
});

describe('EventReader and a pruned stretch', () => {
  it('skips, once and loudly, events the database pruned before it read them, and reads on', async () => {
    const { history, log } = aLog(20);
    log.events.splice(0, 15);
    const errors: string[] = [];
    const reader = new EventReader({
      history,
      logger: pino({ level: 'error' }, { write: (line: string) => void errors.push(JSON.parse(line).msg) }),
      pollMs: 5,
    });
    reader.start(10, () => {});

    await until(() => reader.position === 20);
    reader.stop();

    expect(errors).toEqual(['events were pruned before this replica read them; skipping them']);
    expect(log.reads).toBeLessThan(50);
  });
});

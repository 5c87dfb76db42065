import { Audience, messageCreated, NO_MENTIONS } from '@chat/domain';
import pino from 'pino';
import { Connection, type ConnectionSocket, type FrameStream } from '../../src/gateway/connection';
import { Delivery } from '../../src/gateway/delivery';
import { FanOut } from '../../src/gateway/fan-out';
import { encodeTextFrame } from '../../src/gateway/shared-frame';
import { SNAPSHOT, stored } from './fan-out-helpers';

const SERVER = '10';

/** The socket under a WebSocket as node's is: what is written while corked waits, and goes in one write at the last uncork. */
class CorkingStream implements FrameStream {
  /** Each write that reached the "kernel": one per uncork of held frames, one per frame written uncorked. */
  readonly writes: Buffer[] = [];
  corks = 0;
  private depth = 0;
  private pending: Buffer[] = [];
  /** The bytes it could not hand on (a client that stopped reading): they stay in its buffer. */
  stuck = 0;

  constructor(private readonly takes = true) {}

  write(bytes: Uint8Array): boolean {
    if (this.depth > 0) this.pending.push(Buffer.from(bytes));
    else this.hand(Buffer.from(bytes));
    return true;
  }
  cork(): void {
    this.corks += 1;
    this.depth += 1;
  }
  uncork(): void {
    this.depth -= 1;
    if (this.depth > 0 || this.pending.length === 0) return;
    const held = Buffer.concat(this.pending);
    this.pending = [];
    this.hand(held);
  }
  /** What a WebSocket over it reports as unsent: held frames, and what the client did not take. */
  get buffered(): number {
    return this.pending.reduce((n, b) => n + b.length, 0) + this.stuck;
  }
  private hand(bytes: Buffer): void {
    if (this.takes) this.writes.push(bytes);
    else this.stuck += bytes.length;
  }
}

/** A WebSocket over `stream`: its `bufferedAmount` is the stream's, and it remembers the code it was closed with. */
class SocketOver implements ConnectionSocket {
  readyState = 1;
  closedWith: number | undefined;
  constructor(private readonly stream: CorkingStream) {}
  get bufferedAmount(): number {
    return this.stream.buffered;
  }
  send(): void {}
  close(code: number): void {
    this.closedWith = code;
  }
  terminate(): void {}
}

const message = (position: number) =>
  stored(
    position,
    messageCreated(
      SERVER,
      { id: String(100 + position), channelId: '20', content: `hello ${position}`, createdAt: new Date('2026-11-01T10:00:00.000Z'), editedAt: null, ...NO_MENTIONS, attachments: [], replyTo: null, pinned: false, author: { id: '1', username: 'ann', displayName: null, avatar: null }, reactions: [] },
      null,
    ),
  );

/** A fan-out whose delivery closes a live socket holding more than `maxBufferBytes` unsent. */
const aFanOut = (maxBufferBytes: number) =>
  new FanOut(new Delivery({ logId: 'abc', maxBufferBytes, linkAttachment: (id) => `/api/attachments/${id}?signed` }), pino({ level: 'silent' }));

/** A live connection of `userId` in `servers` over a corking stream; its socket's `bufferedAmount` follows the stream. */
function corkable(fanOut: FanOut, userId: string, servers: string[], stream = new CorkingStream()) {
  const socket = new SocketOver(stream);
  const connection = new Connection(socket, '127.0.0.1', 10_000, stream);
  connection.startOpening();
  connection.begin(new Audience(userId, `s-${userId}`, new Set(servers), new Set()), SNAPSHOT, true, 0);
  fanOut.join(connection);
  return { connection, socket, stream };
}

describe('the fan-out of a batch of events', () => {
  it('writes each socket its frames of the batch in one write, in log order: corked for the batch, uncorked at its end', () => {
    const fanOut = aFanOut(1 << 20);
    const members = ['1', '2'].map((userId) => corkable(fanOut, userId, [SERVER]));
    const outsider = corkable(fanOut, '3', ['11']);
    const batch = [1, 2, 3].map(message);

    fanOut.deliver(batch.map((m) => m.logged));

    const whole = Buffer.concat(batch.map((m) => encodeTextFrame(m.frame)));
    for (const { stream, connection } of members) {
      expect(stream.writes).toEqual([whole]);
      expect(stream.corks).toBe(1);
      expect(connection.corked).toBe(false);
    }
    expect(outsider.stream.writes).toEqual([]);
    expect(outsider.stream.corks).toBe(0);
  });

  it('does not cork for one event (a socket gets one frame of it): it is written as it comes', () => {
    const fanOut = aFanOut(1 << 20);
    const { stream } = corkable(fanOut, '1', [SERVER]);
    const one = message(1);

    fanOut.deliver([one.logged]);

    expect(stream.writes).toEqual([encodeTextFrame(one.frame)]);
    expect(stream.corks).toBe(0);
  });

  it('judges the slow-consumer bound once the batch is written: its held bytes are not slowness, what the socket could not take is', () => {
    // Each frame is a few hundred bytes: three of them held together pass this bound.
    const fanOut = aFanOut(400);
    const reading = corkable(fanOut, '1', [SERVER]);
    const stopped = corkable(fanOut, '2', [SERVER], new CorkingStream(false));
    const batch = [1, 2, 3].map(message);
    expect(encodeTextFrame(batch[0]!.frame).length).toBeLessThan(400);
    expect(Buffer.concat(batch.map((m) => encodeTextFrame(m.frame))).length).toBeGreaterThan(400);

    fanOut.deliver(batch.map((m) => m.logged));

    expect(reading.connection.state).toBe('live');
    expect(reading.stream.writes).toHaveLength(1);
    expect(stopped.connection.state).toBe('closed');
    expect(stopped.socket.closedWith).toBe(4020);
  });

  it('uncorks every socket even when an event of the batch cannot be sent', () => {
    const fanOut = aFanOut(1 << 20);
    const { stream, connection } = corkable(fanOut, '1', [SERVER]);
    const [first, second] = [1, 2].map(message);
    const broken = { ...second!.logged, get route(): never { throw new Error('bad data'); } };

    fanOut.deliver([first!.logged, broken, message(3).logged]);

    expect(connection.corked).toBe(false);
    expect(stream.writes).toEqual([Buffer.concat([encodeTextFrame(first!.frame), encodeTextFrame(message(3).frame)])]);
  });
});

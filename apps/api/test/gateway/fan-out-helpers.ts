import { eventJson, lazilyDecoded, type StoredLoggedEvent } from '@chat/contract';
import { Audience, routeOf, type ChannelSight, type ChatEvent, type GatewaySnapshot } from '@chat/domain';
import pino from 'pino';
import { Connection, type ConnectionSocket, type FrameStream } from '../../src/gateway/connection';
import { Delivery } from '../../src/gateway/delivery';
import { FanOut } from '../../src/gateway/fan-out';

/* A fan-out over sockets that record what they were sent, for the fan-out's unit tests. */

export class RecordingSocket implements ConnectionSocket {
  readonly bufferedAmount = 0;
  readyState = 1;
  readonly sent: string[] = [];
  /** The connection over this socket, once it has one. */
  connection: Connection | undefined;
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {}
  terminate(): void {}
}

export const SNAPSHOT: GatewaySnapshot = {
  logId: 'abc',
  head: 0,
  oldest: 0,
  user: { id: '0', username: 'x', displayName: null, avatar: null },
  servers: [],
  privateChannels: [],
  conversationIds: new Set(),
  joinedAfter: new Set(),
  hidden: new Map(),
  shownAfter: new Map(),
  unplaced: new Set(),
  readStates: [],
};

/** A fan-out over a delivery that signs links as `?signed`; `moved` hears of each place a connection comes into or goes out of. */
export const aFanOut = (moved?: ConstructorParameters<typeof FanOut>[2]): FanOut =>
  new FanOut(new Delivery({ logId: 'abc', maxBufferBytes: 1 << 20, linkAttachment: (id) => `/api/attachments/${id}?signed` }), pino({ level: 'silent' }), moved);

/** The byte stream under a WebSocket, recording each write (frames encoded once for many go there). */
export class RecordingStream implements FrameStream {
  readonly written: Uint8Array[] = [];
  write(bytes: Uint8Array): boolean {
    this.written.push(bytes);
    return true;
  }
}

/** A connection of `userId`, a member of `servers` (the channels of `sight.hidden` out of its sight), opening its session; over `stream` if given. */
export function opening(userId: string, servers: string[], sight?: ChannelSight, stream?: RecordingStream): RecordingSocket & { connection: Connection } {
  const socket = new RecordingSocket();
  const connection = new Connection(socket, '127.0.0.1', 10_000, stream);
  connection.startOpening();
  connection.begin(new Audience(userId, `s-${userId}`, new Set(servers), new Set(), sight), SNAPSHOT, true, 0);
  return Object.assign(socket, { connection });
}

/** The same connection, live in the fan-out. */
export function live(fanOut: FanOut, userId: string, servers: string[], sight?: ChannelSight, stream?: RecordingStream): RecordingSocket {
  const socket = opening(userId, servers, sight, stream);
  fanOut.join(socket.connection);
  return socket;
}

/** An event as the log hands it on (stored text and route), and as the wire frames it. */
export function stored(position: number, event: ChatEvent): { logged: StoredLoggedEvent; frame: string } {
  const { t, d } = eventJson(event);
  const logged = lazilyDecoded(position, `e-${position}`, t, JSON.stringify(d), routeOf(event));
  return { logged, frame: JSON.stringify({ op: 'dispatch', t, cursor: `abc-${position}`, d }) };
}

import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  channelJson,
  eventJson,
  serverJson,
  serverOf,
  subjectOf,
  type ChatEvent,
  type EventHistory,
  type GatewaySnapshot,
  type Id,
  type LoggedEvent,
  type OpenGatewaySession,
} from '@chat/domain';
import type { Logger } from 'pino';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { Connection } from './connection';
import { Doors, type DoorLimits, type Refusal } from './doors';
import {
  CLOSE,
  dispatch,
  formatCursor,
  HEARTBEAT_ACK,
  hello,
  INVALID_SESSION,
  parseClientFrame,
  parseCursor,
  resumed,
  type ClientFrame,
} from './frames';

export const GATEWAY_PATH = '/api/gateway';
const MAX_INBOUND_BYTES = 4096;
const FRAMES_PER_MINUTE = 120;
const REPLAY_PAGE = 500;
const DRAIN_TIMEOUT_MS = 10_000;
/** Channels listed in `ready`, over all servers; servers past it come without theirs (read them over REST). */
export const READY_CHANNELS = 1_000;
/** A resume's cursor, when it cannot be read: checked like any other after the token, and unknown. */
const UNREADABLE_CURSOR = { logId: '', position: -1 } as const;
const REFUSALS: Record<Refusal, string> = {
  replica: 'this replica holds as many sockets as it may; try again later',
  address: 'too many sockets from this address',
  user: 'too many sockets for this user',
  origin: 'this origin may not open sockets',
};
/** Never added to: `reflected` of a connection whose snapshot had nothing unplaced. */
const NONE: Set<string> = new Set();

export interface GatewayOptions {
  readonly heartbeatMs: number;
  readonly identifyTimeoutMs: number;
  /** A client whose unsent data passes this is closed 4020: it resumes, losing nothing. */
  readonly maxBufferBytes: number;
  /** A resume further behind the log's head than this is answered `invalid_session`. */
  readonly maxReplayEvents: number;
  readonly doors: DoorLimits;
}

export interface GatewayDeps {
  readonly openSession: OpenGatewaySession;
  readonly history: Pick<EventHistory, 'after'>;
  /** The position up to which this replica's reader has handed events to `deliver`. */
  readonly readerPosition: () => number;
  /** The log's name, part of every cursor. */
  readonly logId: string;
  readonly logger: Logger;
  /** Told of each event sent to a socket, and of each socket closed for reading too slowly (metrics). */
  readonly onDelivered?: () => void;
  readonly onSlowConsumerClosed?: () => void;
  /** Told of each socket turned away at the door, and why. */
  readonly onRefused?: (why: Refusal) => void;
}

const bearer = (token: string): string => token.replace(/^Bearer\s+/i, '');

/**
 * The WebSocket gateway on one replica: connections identify or resume, catch up from the log, then
 * join the fan-out index. `deliver` gets every event once, in log order, from this replica's
 * reader; each connection's `Audience` decides what it may see.
 */
export class Gateway {
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: MAX_INBOUND_BYTES, clientTracking: false });
  private readonly all = new Set<Connection>();
  private readonly byServer = new Map<Id, Set<Connection>>();
  /** Most users hold one socket: the index keeps that socket itself, and a set only for several. */
  private readonly byUser = new Map<Id, Connection | Set<Connection>>();
  private readonly sweep: NodeJS.Timeout;
  private readonly doors: Doors;
  private closing = false;

  private readonly onMessage: (this: WebSocket, data: RawData, isBinary: boolean) => void;
  private readonly onClose: (this: WebSocket) => void;

  constructor(
    private readonly deps: GatewayDeps,
    private readonly options: GatewayOptions,
  ) {
    const receive = (socket: WebSocket, data: RawData, isBinary: boolean) => {
      const connection = connectionOf.get(socket);
      if (connection) void this.receive(connection, data, isBinary);
    };
    const forget = (socket: WebSocket) => {
      const connection = connectionOf.get(socket);
      if (connection) this.forget(connection);
    };
    this.onMessage = function (data, isBinary) {
      receive(this, data, isBinary);
    };
    this.onClose = function () {
      forget(this);
    };
    this.doors = new Doors(options.doors);
    this.sweep = setInterval(() => this.closeSilent(), Math.max(50, Math.min(1_000, options.heartbeatMs / 2)));
    this.sweep.unref();
  }

  /** Takes over upgrades to the gateway's path on the API's own HTTP server. */
  attach(server: HttpServer): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      // Node stops listening for errors on a socket it hands over for an upgrade: a client that
      // resets it before ws takes it would otherwise crash the process.
      socket.on('error', () => socket.destroy());
      const path = (req.url ?? '').split('?')[0];
      if (path !== GATEWAY_PATH || this.closing) return refuseUpgrade(socket, this.closing ? '503 Service Unavailable' : '404 Not Found');
      // A web page may not make its visitors' browsers open sockets with their cookies' origin.
      if (!this.doors.originAllowed(req)) {
        this.deps.onRefused?.('origin');
        return refuseUpgrade(socket, '403 Forbidden');
      }
      const address = this.doors.addressOf(req);
      this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, address));
    });
  }

  /** How many sockets are open (for logs and tests). */
  get size(): number {
    return this.all.size;
  }

  /**
   * Closes every socket with 1001 (the clients resume on another replica) and refuses new ones; a
   * socket that does not answer the close within `graceMs` is cut, so a stop never waits on it.
   */
  close(graceMs = 2_000): void {
    this.closing = true;
    clearInterval(this.sweep);
    for (const connection of this.all) connection.close(1001, 'this replica is stopping; resume elsewhere', graceMs);
  }

  private accept(socket: WebSocket, address: string): void {
    const refusal = this.doors.enter(address);
    if (refusal) {
      // Closed with a code a client can read (a refused upgrade shows a browser nothing), at once.
      this.deps.onRefused?.(refusal);
      socket.on('error', () => {});
      socket.close(CLOSE.TOO_MANY_SOCKETS, REFUSALS[refusal]);
      setTimeout(() => socket.terminate(), 1_000).unref();
      return;
    }
    const connection = new Connection(socket, address);
    this.all.add(connection);
    socket.send(hello(this.options.heartbeatMs));
    this.awaitIdentify(connection);
    // The same three listeners for every socket (ws calls them with the socket as `this`), not three
    // closures per socket: memory per idle connection is what a gateway's size is bound by.
    connectionOf.set(socket, connection);
    socket.on('message', this.onMessage);
    socket.on('close', this.onClose);
    socket.on('error', onSocketError);
  }

  /**
   * The socket has until the deadline to identify or resume with a valid token. The deadline is not
   * moved by frames: a socket that has never opened a session cannot keep itself open (an opening
   * still running at the deadline is let finish; if it fails, the socket closes).
   */
  private awaitIdentify(connection: Connection): void {
    connection.stopIdentifyTimer();
    connection.deadline = Date.now() + this.options.identifyTimeoutMs;
    connection.identifyTimer = setTimeout(() => {
      if (connection.state === 'waiting') connection.close(CLOSE.NOT_AUTHENTICATED, 'identify or resume first');
    }, this.options.identifyTimeoutMs);
  }

  private async receive(connection: Connection, data: RawData, isBinary: boolean): Promise<void> {
    if (connection.state === 'closed') return;
    if (!connection.countFrame(FRAMES_PER_MINUTE)) return connection.close(CLOSE.RATE_LIMITED, 'more than 120 frames a minute');
    if (isBinary) return connection.close(CLOSE.DECODE_ERROR, 'frames are JSON text');
    const parsed = parseClientFrame(data.toString());
    // The first frame is identify or resume, or the socket closes 4003, whatever else it was.
    if (!parsed.ok) return connection.close(connection.state === 'waiting' ? CLOSE.NOT_AUTHENTICATED : parsed.close, parsed.reason);
    const frame = parsed.frame;

    if (connection.state === 'waiting') {
      if (frame.op === 'heartbeat') return connection.close(CLOSE.NOT_AUTHENTICATED, 'identify or resume first');
      connection.state = 'syncing';
      try {
        await this.open(connection, frame);
      } catch (error) {
        this.deps.logger.warn({ err: error }, 'a gateway connection could not start');
        connection.close(1011, 'try again');
      }
      return;
    }
    if (frame.op === 'heartbeat') {
      connection.lastHeartbeat = Date.now();
      connection.socket.send(HEARTBEAT_ACK);
      return;
    }
    connection.close(CLOSE.ALREADY_AUTHENTICATED, 'already identified');
  }

  private async open(connection: Connection, frame: Exclude<ClientFrame, { op: 'heartbeat' }>): Promise<void> {
    // The token first, whatever the cursor: an unreadable cursor is an unknown one, once the token holds.
    const from = frame.op === 'resume' ? (parseCursor(frame.d.cursor) ?? UNREADABLE_CURSOR) : null;
    const opening = await this.deps.openSession.execute(bearer(frame.d.token), from);
    if (connection.state === 'closed') return;
    if (!opening.ok) {
      if (opening.reason === 'UnknownCursor') return this.invalidSession(connection);
      return connection.close(CLOSE.AUTHENTICATION_FAILED, 'invalid or revoked token');
    }
    if (!this.holdUserPlace(connection, opening.actor.userId)) return;
    const { snapshot } = opening;
    // Further behind than a replay may go: cheaper for everyone to start over (and a stranger's old cursor costs little).
    if (from && snapshot.head - from.position > this.options.maxReplayEvents) return this.invalidSession(connection);
    connection.audience = opening.audience;
    connection.snapshotHead = snapshot.head;
    // Almost always none: share one empty set rather than hold one per socket.
    connection.reflected = snapshot.unplaced.size > 0 ? new Set(snapshot.unplaced) : NONE;
    connection.identified = frame.op === 'identify';
    connection.lastHeartbeat = Date.now();
    if (frame.op === 'identify') {
      connection.position = snapshot.head;
      connection.socket.send(ready(snapshot, READY_CHANNELS));
      await this.catchUp(connection, () => {});
    } else {
      connection.position = from?.position ?? snapshot.head;
      await this.catchUp(connection, (replayed) => connection.socket.send(resumed(replayed)));
    }
  }

  /** The socket counts among its user's from its first opening; false (and closed) past the cap. */
  private holdUserPlace(connection: Connection, userId: Id): boolean {
    if (connection.userId === userId) {
      connection.stopIdentifyTimer();
      return true;
    }
    if (connection.userId !== undefined) this.doors.releaseUser(connection.userId);
    connection.userId = undefined;
    if (this.doors.claimUser(userId)) {
      connection.userId = userId;
      connection.stopIdentifyTimer();
      return true;
    }
    this.deps.onRefused?.('user');
    connection.close(CLOSE.TOO_MANY_SOCKETS, REFUSALS.user);
    return false;
  }

  /**
   * The client identifies again on this socket. One that holds a user's place gets a fresh deadline;
   * one that never opened a session keeps the deadline it had, and is closed once it has passed.
   */
  private invalidSession(connection: Connection): void {
    if (connection.state === 'closed') return;
    if (connection.userId === undefined && Date.now() >= connection.deadline) {
      return connection.close(CLOSE.NOT_AUTHENTICATED, 'identify or resume first');
    }
    connection.state = 'waiting';
    connection.socket.send(INVALID_SESSION);
    if (connection.userId !== undefined) this.awaitIdentify(connection);
  }

  /**
   * Sends what the log holds between the connection's position and this replica's reader, then puts
   * the connection in the index: from there on `deliver` reaches it. The last check and the joining
   * happen in one turn, so no event falls between; `live` runs in that turn too (a resume's
   * `resumed` goes out before any live event), told how many events were sent.
   */
  private async catchUp(connection: Connection, live: (sent: number) => void): Promise<void> {
    let sent = 0;
    while (connection.state === 'syncing') {
      if (connection.position >= this.deps.readerPosition()) {
        live(sent);
        this.goLive(connection);
        break;
      }
      const page = await this.deps.history.after(connection.position, REPLAY_PAGE);
      if (page.length === 0) {
        live(sent);
        this.goLive(connection);
        break;
      }
      // Pruned while this replay ran: what it would skip is lost to it, so the client starts over.
      if ((page[0]?.position ?? 0) > connection.position + 1) return this.invalidSession(connection);
      for (const logged of page) {
        // Frame by frame, never more than the buffer bound held for a client: one that keeps
        // reading is never cut, one that stopped gets 4020 like a slow live reader.
        if (connection.socket.bufferedAmount > this.options.maxBufferBytes / 2 && !(await this.drained(connection))) {
          connection.close(CLOSE.SLOW_CONSUMER, 'reading too slowly; resume to catch up');
          this.deps.onSlowConsumerClosed?.();
        }
        if (connection.state !== 'syncing') break;
        const { position, event } = logged;
        if (event && this.offer(connection, logged, () => this.frameOf(position, event))) sent += 1;
      }
    }
  }

  /** Waits until the socket has sent most of what it holds; false if the client stopped reading. */
  private async drained(connection: Connection): Promise<boolean> {
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (connection.state === 'syncing' && connection.socket.bufferedAmount > this.options.maxBufferBytes / 4) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return true;
  }

  private goLive(connection: Connection): void {
    const audience = connection.audience;
    if (!audience) return;
    connection.state = 'live';
    const mine = this.byUser.get(audience.userId);
    if (mine === undefined) this.byUser.set(audience.userId, connection);
    else if (mine instanceof Set) mine.add(connection);
    else this.byUser.set(audience.userId, new Set([mine, connection]));
    for (const serverId of audience.servers()) this.index(connection, serverId);
  }

  /** Every event once, in log order, from this replica's reader. */
  deliver(events: readonly LoggedEvent[]): void {
    // Nobody here to tell: leave the events undecoded.
    if (this.all.size === 0) return;
    for (const logged of events) {
      try {
        this.deliverOne(logged);
      } catch (error) {
        // One event that cannot be sent (a bug, bad data) must not cost the rest of the batch.
        this.deps.logger.error({ err: error, position: logged.position }, 'could not deliver an event');
      }
    }
  }

  private deliverOne(logged: LoggedEvent): void {
    const event = logged.event;
    if (event === null) return;
    const serverId = serverOf(event);
    const subject = subjectOf(event);
    const subjects = subject === null ? undefined : this.byUser.get(subject);
    let frame: string | undefined;
    const frameOnce = () => (frame ??= this.frameOf(logged.position, event));
    if (serverId !== null) {
      for (const connection of this.byServer.get(serverId) ?? []) {
        if (subjects !== connection && !(subjects instanceof Set && subjects.has(connection))) this.offer(connection, logged, frameOnce);
      }
    }
    // The user the event is about: a join opens the server for them, a leave shuts it after it.
    for (const connection of subjects instanceof Set ? subjects : subjects ? [subjects] : []) {
      this.offer(connection, logged, frameOnce);
      if (serverId !== null) this.index(connection, serverId);
    }
  }

  /** Judges one event for one connection, and sends it if it may see it; true when sent. */
  private offer(connection: Connection, logged: LoggedEvent, frame: () => string): boolean {
    if (connection.state === 'closed' || logged.position <= connection.position || !connection.audience) return false;
    connection.position = logged.position;
    if (logged.event === null) return false;
    // Committed before the snapshot though placed after its head: judged as the snapshot's past.
    const reflected = connection.reflected !== undefined && connection.reflected.size > 0 && connection.reflected.delete(logged.id);
    const admission = connection.audience.admit(logged.event, logged.position > connection.snapshotHead && !reflected);
    if (admission === 'close') {
      connection.close(CLOSE.AUTHENTICATION_FAILED, 'the session was revoked');
      return false;
    }
    // After identify, `ready` already holds it; a resume replays it, as everything after its cursor.
    if (admission === 'skip' || (reflected && connection.identified)) return false;
    connection.socket.send(frame());
    this.deps.onDelivered?.();
    if (connection.state === 'live' && connection.socket.bufferedAmount > this.options.maxBufferBytes) {
      connection.close(CLOSE.SLOW_CONSUMER, 'reading too slowly; resume to catch up');
      this.deps.onSlowConsumerClosed?.();
    }
    return true;
  }

  /** After a membership event about the connection's user: in the server's index exactly while it sees it. */
  private index(connection: Connection, serverId: Id): void {
    if (connection.state === 'live' && connection.audience?.sees(serverId)) {
      addTo(this.byServer, serverId, connection);
      if (!connection.indexed.includes(serverId)) connection.indexed.push(serverId);
    } else {
      removeFrom(this.byServer, serverId, connection);
      const at = connection.indexed.indexOf(serverId);
      if (at >= 0) connection.indexed.splice(at, 1);
    }
  }

  private frameOf(position: number, event: ChatEvent): string {
    const { t, d } = eventJson(event);
    return dispatch(t, formatCursor(this.deps.logId, position), d);
  }

  private closeSilent(): void {
    const deadline = Date.now() - 2 * this.options.heartbeatMs;
    for (const connection of this.all) {
      if (connection.state !== 'waiting' && connection.lastHeartbeat < deadline) {
        connection.close(CLOSE.SESSION_TIMED_OUT, 'no heartbeat for two intervals');
      }
    }
  }

  private forget(connection: Connection): void {
    connection.state = 'closed';
    connection.stopIdentifyTimer();
    if (this.all.delete(connection)) {
      this.doors.leave(connection.address);
      if (connection.userId !== undefined) this.doors.releaseUser(connection.userId);
    }
    const userId = connection.audience?.userId;
    const mine = userId === undefined ? undefined : this.byUser.get(userId);
    if (userId !== undefined && mine === connection) this.byUser.delete(userId);
    if (userId !== undefined && mine instanceof Set) {
      mine.delete(connection);
      const [last, ...more] = mine;
      if (last && more.length === 0) this.byUser.set(userId, last);
    }
    for (const serverId of connection.indexed) removeFrom(this.byServer, serverId, connection);
    connection.indexed.length = 0;
  }
}

/** Each socket's connection, for the listeners all sockets share. */
const connectionOf = new WeakMap<WebSocket, Connection>();

function onSocketError(this: WebSocket): void {
  connectionOf.get(this)?.close(1011, 'socket error');
}

/** Every server; their channels while `channelBudget` lasts, in the snapshot's order (a server whole or not at all). */
function ready(snapshot: GatewaySnapshot, channelBudget: number): string {
  let left = channelBudget;
  const servers = snapshot.servers.map(({ server, channels }) => {
    if (channels.length > left) {
      left = 0;
      return serverJson(server);
    }
    left -= channels.length;
    return { ...serverJson(server), channels: channels.map(channelJson) };
  });
  return JSON.stringify({ op: 'ready', d: { user: snapshot.user, cursor: formatCursor(snapshot.logId, snapshot.head), servers } });
}

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}

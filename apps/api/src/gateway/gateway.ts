import type { Server as HttpServer } from 'node:http';
import type { EventHistory, Interest, LoggedEvent, OpenGatewaySession, Signal } from '@chat/domain';
import type { Logger } from 'pino';
import type { Connection } from './connection';
import { Delivery } from './delivery';
import { Doors, type DoorLimits, type Refusal } from './doors';
import { FanOut } from './fan-out';
import { Handshake } from './handshake';
import { PresenceTracker, type PresenceDeps } from './presence-tracker';
import { Replay } from './replay';
import { SocketServer } from './socket-server';

export { GATEWAY_PATH } from './socket-server';
export { READY_CHANNELS } from './handshake';

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
  /** This replica's part in presence: its id, and the use cases it drives as sockets come and go. */
  readonly presence: PresenceDeps;
  readonly logger: Logger;
  /** A fresh download link for a message's file (`LinkAttachment`), signed into frames as they are made. */
  readonly linkAttachment: (attachmentId: string) => string;
  /** Told of each event sent to a socket, and of each socket closed for reading too slowly (metrics). */
  readonly onDelivered?: () => void;
  readonly onSlowConsumerClosed?: () => void;
  /** Told of each socket turned away at the door, and why. */
  readonly onRefused?: (why: Refusal) => void;
}

/**
 * The WebSocket gateway on one replica, put together: the socket server lets sockets in past the
 * doors, the handshake opens their sessions, the replay catches each up from the log, and the
 * fan-out hands it every later event. `deliver` gets every event once, in log order, from this
 * replica's reader; each connection's `Audience` decides what it may see.
 */
export class Gateway {
  private readonly sockets: SocketServer;
  private readonly fanOut: FanOut;
  private readonly presence: PresenceTracker;
  private readonly logger: Logger;

  constructor(deps: GatewayDeps, options: GatewayOptions) {
    this.logger = deps.logger;
    const doors = new Doors(options.doors);
    const delivery = new Delivery({ logId: deps.logId, maxBufferBytes: options.maxBufferBytes, onDelivered: deps.onDelivered, onSlowConsumerClosed: deps.onSlowConsumerClosed, linkAttachment: deps.linkAttachment });
    const presence = (this.presence = new PresenceTracker(deps.presence, options.heartbeatMs, deps.logger));
    this.fanOut = new FanOut(delivery, deps.logger, (connection, placeId, hears) => presence.moved(connection, placeId, hears));
    const live = {
      join: (connection: Connection) => {
        this.fanOut.join(connection);
        presence.joined(connection);
      },
    };
    const replay = new Replay({ history: deps.history, readerPosition: deps.readerPosition, maxBufferBytes: options.maxBufferBytes }, delivery, live);
    const handshake = new Handshake(
      {
        openSession: deps.openSession,
        maxReplayEvents: options.maxReplayEvents,
        readPresences: (userId, snapshot) => deps.presence.readPresences.execute(userId, snapshot),
        logger: deps.logger,
        onRefused: deps.onRefused,
      },
      doors,
      replay,
      this.fanOut,
      presence,
    );
    this.sockets = new SocketServer(
      {
        heartbeatMs: options.heartbeatMs,
        identifyTimeoutMs: options.identifyTimeoutMs,
        onRefused: deps.onRefused,
        onFrame: (connection, data, isBinary) => void handshake.receive(connection, data, isBinary),
        onGone: (connection) => {
          this.fanOut.forget(connection);
          presence.left(connection);
        },
      },
      doors,
    );
  }

  /** Starts this replica's presence heartbeat. */
  start(): void {
    this.presence.start();
  }

  /** Takes over upgrades to the gateway's path on the API's own HTTP server. */
  attach(server: HttpServer): void {
    this.sockets.attach(server);
  }

  /** How many sockets are open (for logs and tests). */
  get size(): number {
    return this.sockets.size;
  }

  /**
   * Closes every socket with 1001 (the clients resume on another replica) and refuses new ones; a
   * socket that does not answer the close within `graceMs` is cut, so a stop never waits on it.
   */
  close(graceMs = 2_000): void {
    // First: the sockets it closes are not disconnected one by one (see PresenceTracker).
    this.presence.stop();
    this.sockets.close(graceMs);
  }

  /** What this replica's sockets need of the bus: the places of its live connections (see `FanOut`). */
  get interest(): Interest {
    return this.fanOut;
  }

  /** Every event once, in log order, from this replica's reader. */
  deliver(events: readonly LoggedEvent[]): void {
    this.fanOut.deliver(events);
  }

  /** Every signal once, from the signal bus: to the connections live now that hear it. */
  signal(signal: Signal): void {
    try {
      this.fanOut.signal(signal);
    } catch (error) {
      // A bug or bad data in one signal must not reach the bus that called: it would stop hearing.
      this.logger.error({ err: error, type: signal.type }, 'could not pass on a signal');
    }
  }
}

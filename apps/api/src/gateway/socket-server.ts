import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { Connection } from './connection';
import { REFUSALS, type Doors, type Refusal } from './doors';
import { CLOSE, hello } from '@chat/contract';

export const GATEWAY_PATH = '/api/gateway';
const MAX_INBOUND_BYTES = 4096;

export interface SocketServerOptions {
  readonly heartbeatMs: number;
  readonly identifyTimeoutMs: number;
  /** Told of each socket turned away at the door, and why. */
  readonly onRefused?: (why: Refusal) => void;
  /** Each text or binary frame a client sends. */
  readonly onFrame: (connection: Connection, data: RawData, isBinary: boolean) => void;
  /** A socket closed, by either side: after this nothing is sent to it. */
  readonly onGone: (connection: Connection) => void;
}

/**
 * The sockets of one replica: upgrades at the gateway's path past the doors, a `hello` and an
 * identify deadline for each, heartbeats swept, and every socket closed at a stop.
 */
export class SocketServer {
  // No permessage-deflate: `Connection.write` puts frames on the socket beside ws's, which needs ws to write each of its own whole, at once.
  private readonly wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: MAX_INBOUND_BYTES, clientTracking: false });
  private readonly all = new Set<Connection>();
  private readonly sweep: NodeJS.Timeout;
  private closing = false;
  private readonly onMessage: (this: WebSocket, data: RawData, isBinary: boolean) => void;
  private readonly onClose: (this: WebSocket) => void;

  constructor(
    private readonly options: SocketServerOptions,
    private readonly doors: Doors,
  ) {
    const { onFrame } = options;
    const forget = (connection: Connection) => this.forget(connection);
    this.onMessage = function (data, isBinary) {
      const connection = connectionOf.get(this);
      if (connection) onFrame(connection, data, isBinary);
    };
    this.onClose = function () {
      const connection = connectionOf.get(this);
      if (connection) forget(connection);
    };
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
        this.options.onRefused?.('origin');
        return refuseUpgrade(socket, '403 Forbidden');
      }
      const address = this.doors.addressOf(req);
      this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, address, socket));
    });
  }

  get size(): number {
    return this.all.size;
  }

  /** Closes every socket with 1001 and refuses new ones; one that does not answer within `graceMs` is cut. */
  close(graceMs: number): void {
    this.closing = true;
    clearInterval(this.sweep);
    for (const connection of this.all) connection.close(1001, 'this replica is stopping; resume elsewhere', graceMs);
  }

  /** `stream`: the upgraded socket under `socket`, on which frames encoded once for many are written (see `Connection.write`). */
  private accept(socket: WebSocket, address: string, stream: Duplex): void {
    const refusal = this.doors.enter(address);
    if (refusal) {
      // Closed with a code a client can read (a refused upgrade shows a browser nothing), at once.
      this.options.onRefused?.(refusal);
      socket.on('error', () => {});
      socket.close(CLOSE.TOO_MANY_SOCKETS, REFUSALS[refusal]);
      setTimeout(() => socket.terminate(), 1_000).unref();
      return;
    }
    const connection = new Connection(socket, address, this.options.identifyTimeoutMs, stream);
    this.all.add(connection);
    socket.send(hello(this.options.heartbeatMs));
    connection.awaitIdentify();
    // The same three listeners for every socket (ws calls them with the socket as `this`), not three
    // closures per socket: memory per idle connection is what a gateway's size is bound by.
    connectionOf.set(socket, connection);
    socket.on('message', this.onMessage);
    socket.on('close', this.onClose);
    socket.on('error', onSocketError);
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
    connection.closed();
    if (this.all.delete(connection)) {
      this.doors.leave(connection.address);
      if (connection.userId !== undefined) this.doors.releaseUser(connection.userId);
    }
    this.options.onGone(connection);
  }
}

/** Each socket's connection, for the listeners all sockets share. */
const connectionOf = new WeakMap<WebSocket, Connection>();

function onSocketError(this: WebSocket): void {
  connectionOf.get(this)?.close(1011, 'socket error');
}

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

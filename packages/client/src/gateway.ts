import type { components } from './generated/api.js';

type Schemas = components['schemas'];
export type Message = Schemas['Message'];
export type Member = Schemas['Member'];
export type Channel = Schemas['Channel'];
export type Server = Schemas['Server'];

/** What each dispatch carries (`d`), by its type (`t`): the REST shapes, as the AsyncAPI document says. */
export interface GatewayEvents {
  'message.created': Message & { serverId: string; nonce?: string };
  'message.updated': Message & { serverId: string };
  'message.deleted': { id: string; channelId: string; serverId: string };
  'reaction.added': { messageId: string; channelId: string; serverId: string; emoji: string; count: number; userId: string };
  'reaction.removed': { messageId: string; channelId: string; serverId: string; emoji: string; count: number; userId: string };
  /** The owner took every reaction of this emoji off the message. */
  'reaction.cleared': { messageId: string; channelId: string; serverId: string; emoji: string };
  'member.joined': Member & { serverId: string };
  /** `reason`: `leave`, `kick` or `ban`; read one you do not know as a leave. */
  'member.left': { serverId: string; userId: string; reason?: string };
  'channel.created': Channel;
  'server.updated': Server;
  /** The server is gone with everything in it: its last event. */
  'server.deleted': { serverId: string };
}

export interface Ready {
  user: { id: string; username: string };
  cursor: string;
  /** `channels` is left out past the first 1,000 channels over all servers: read those over REST. */
  servers: (Server & { channels?: Channel[] })[];
  /**
   * `connect`: the first identify. `invalid_session`: the gateway could not resume (the cursor was
   * too old): events were missed, so re-fetch what you show (messages through REST); the servers
   * here are current.
   */
  reason: 'connect' | 'invalid_session';
}

export interface ConnectionEvents {
  ready: Ready;
  /** A reconnect resumed without loss: `replayed` events came again in order (none twice). */
  resumed: { replayed: number };
  /** The socket dropped; the client reconnects unless `willReconnect` is false. */
  disconnected: { code: number; reason: string; willReconnect: boolean };
  /** Given up for good: the token was refused (4004), or `close()` was called. */
  closed: { code: number; reason: string };
}

type Listener<T> = (value: T) => void;
type AllEvents = { [K in keyof GatewayEvents]: GatewayEvents[K] } & ConnectionEvents & { dispatch: Dispatch };

/** Every dispatch, of whatever type (including ones newer than this SDK). */
export interface Dispatch {
  t: string;
  d: unknown;
  cursor: string;
}

/**
 * An event handler property, compared as a method is: each WebSocket types its events its own way
 * (the DOM's `MessageEvent`, `ws`'s `WebSocket.MessageEvent`), and both must fit here as they are.
 * The client only reads the fields named below, which every one of them has.
 */
type Handler<E> = { bivarianceHack(event: E): void }['bivarianceHack'] | null;

/** The WebSocket this client needs: the browser's, Node 22's global one, or `ws`'s, as they are. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onmessage: Handler<{ data: unknown }>;
  onclose: Handler<{ code: number; reason: string }>;
  onerror: Handler<unknown>;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface GatewayOptions {
  /** The API's base URL, `http(s)://host[:port]`; the gateway is at `/api/gateway` on it. */
  readonly baseUrl: string;
  /** The token, as REST takes it; a function is asked again on each (re)connect. */
  readonly token: string | (() => string | Promise<string>);
  /** Defaults to `globalThis.WebSocket` (browsers, Node 22+); pass `ws`'s on older Node. */
  readonly WebSocket?: WebSocketConstructor;
  /** Reconnect delays: doubling from `minDelayMs` to `maxDelayMs`, each with jitter. */
  readonly reconnect?: { readonly minDelayMs?: number; readonly maxDelayMs?: number };
}

/** Close codes after which reconnecting cannot help. */
const FATAL = new Set([4004]);
const OPEN = 1;

/**
 * One realtime connection that stays up: heartbeats as the gateway asks, reconnects with backoff
 * and jitter, resumes from the last cursor it handed over (so nothing is missed and nothing comes
 * twice: a dispatch at or before the last cursor is dropped), and identifies again when the gateway
 * cannot resume, telling the caller to re-fetch (`ready` with reason `invalid_session`).
 */
export class GatewayConnection {
  private readonly listeners = new Map<string, Set<Listener<never>>>();
  private socket: WebSocketLike | undefined;
  private logId: string | undefined;
  private position = 0;
  private cursorText: string | undefined;
  private heartbeat: ReturnType<typeof setTimeout> | undefined;
  private heartbeatMs = 30_000;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private awaitingAck = false;
  private attempt = 0;
  private stopped = false;
  private identifyReason: Ready['reason'] = 'connect';

  constructor(private readonly options: GatewayOptions) {
    this.open();
  }

  /** The cursor of the last event handed over (or of `ready`): where a resume starts. */
  get cursor(): string | undefined {
    return this.cursorText;
  }

  /** Listens for one event type; returns a function that stops listening. */
  on<K extends keyof AllEvents>(type: K, listener: Listener<AllEvents[K]>): () => void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  /** Closes for good (no reconnect). */
  close(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    this.stopHeartbeat();
    this.socket?.close(1000, 'client closed');
    this.emit('closed', { code: 1000, reason: 'client closed' });
  }

  private emit<K extends keyof AllEvents>(type: K, value: AllEvents[K]): void {
    for (const listener of this.listeners.get(type) ?? []) {
      try {
        (listener as Listener<AllEvents[K]>)(value);
      } catch (error) {
        // A listener's failure is the caller's; it must not stop the connection.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  private open(): void {
    const Socket = this.options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!Socket) throw new Error('no WebSocket here: pass one (for example `ws`) as the WebSocket option');
    const url = `${this.options.baseUrl.replace(/\/$/, '').replace(/^http/, 'ws')}/api/gateway`;
    const socket = new Socket(url);
    this.socket = socket;
    socket.onmessage = (event) => {
      if (this.socket === socket) void this.receive(socket, String(event.data));
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.dropped(event.code, event.reason);
    };
    socket.onerror = () => undefined; // a close follows
  }

  private send(frame: unknown): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  /**
   * The token for `socket`; undefined when the token function failed: the socket is then dropped
   * and retried with backoff, as if the network had failed (the function may work next time).
   */
  private async tokenFor(socket: WebSocketLike): Promise<string | undefined> {
    const { token } = this.options;
    try {
      return typeof token === 'function' ? await token() : token;
    } catch {
      if (this.socket === socket) {
        this.dropped(4000, 'the token function failed');
        socket.close(4000, 'the token function failed');
      }
      return undefined;
    }
  }

  private async receive(socket: WebSocketLike, text: string): Promise<void> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a frame off the wire; each op below reads only its own fields
    let frame: { op?: string; t?: string; d?: any; cursor?: string };
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    switch (frame.op) {
      case 'hello': {
        this.heartbeatMs = Number(frame.d?.heartbeatInterval) || 30_000;
        this.startHeartbeat();
        const token = await this.tokenFor(socket);
        // The socket may have dropped while the token came, and another be open: that one sends its own.
        if (token === undefined || this.socket !== socket) return;
        if (this.cursorText) this.send({ op: 'resume', d: { token, cursor: this.cursorText } });
        else this.send({ op: 'identify', d: { token } });
        return;
      }
      case 'ready':
        this.attempt = 0;
        if (this.heartbeat === undefined) this.startHeartbeat();
        this.take(frame.d.cursor, true);
        this.emit('ready', { ...frame.d, reason: this.identifyReason });
        return;
      case 'resumed':
        this.attempt = 0;
        this.emit('resumed', { replayed: Number(frame.d?.replayed ?? 0) });
        return;
      case 'invalid_session': {
        // The cursor is gone from the log: start afresh on this socket.
        this.cursorText = undefined;
        this.logId = undefined;
        this.position = 0;
        this.identifyReason = 'invalid_session';
        // The gateway waits for identify again and takes a heartbeat before it as a protocol error:
        // beats resume with ready.
        this.stopHeartbeat();
        const token = await this.tokenFor(socket);
        if (token !== undefined && this.socket === socket) this.send({ op: 'identify', d: { token } });
        return;
      }
      case 'heartbeat_ack':
        this.awaitingAck = false;
        return;
      case 'dispatch':
        if (typeof frame.t !== 'string' || typeof frame.cursor !== 'string') return;
        if (!this.take(frame.cursor, false)) return;
        this.emit('dispatch', { t: frame.t, d: frame.d, cursor: frame.cursor });
        if (frame.t in KNOWN) this.emit(frame.t as keyof GatewayEvents, frame.d);
        return;
      default:
        return;
    }
  }

  /** Moves the cursor to `cursor`; false for an event already handed over (a duplicate). */
  private take(cursor: string, reset: boolean): boolean {
    const at = cursor.lastIndexOf('-');
    const logId = cursor.slice(0, at);
    const position = Number(cursor.slice(at + 1));
    if (!reset && logId === this.logId && position <= this.position) return false;
    this.logId = logId;
    this.position = position;
    this.cursorText = cursor;
    return true;
  }

  private startHeartbeat(): void {
    const intervalMs = this.heartbeatMs;
    this.stopHeartbeat();
    this.awaitingAck = false;
    const beat = () => {
      // No answer to the last beat: the connection is dead though no close came. Let go of it now:
      // its close handshake cannot complete over a dead route, and would hold the reconnect back
      // until the WebSocket gives up on it (30 s in `ws`).
      if (this.awaitingAck) {
        const socket = this.socket;
        this.dropped(4000, 'no heartbeat_ack');
        socket?.close(4000, 'no heartbeat_ack');
        return;
      }
      this.awaitingAck = true;
      this.send({ op: 'heartbeat' });
      this.heartbeat = setTimeout(beat, intervalMs);
    };
    // The first beat at a random point of the interval, so clients that reconnect together spread out.
    this.heartbeat = setTimeout(beat, intervalMs * Math.random());
  }

  private stopHeartbeat(): void {
    clearTimeout(this.heartbeat);
    this.heartbeat = undefined;
  }

  private dropped(code: number, reason: string): void {
    this.stopHeartbeat();
    this.socket = undefined;
    if (this.stopped) return;
    const willReconnect = !FATAL.has(code);
    this.emit('disconnected', { code, reason, willReconnect });
    if (!willReconnect) {
      this.stopped = true;
      this.emit('closed', { code, reason });
      return;
    }
    const { minDelayMs = 500, maxDelayMs = 15_000 } = this.options.reconnect ?? {};
    const delay = Math.min(maxDelayMs, minDelayMs * 2 ** this.attempt) * (0.5 + Math.random() / 2);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      if (!this.stopped) this.open();
    }, delay);
  }
}

const KNOWN: Record<keyof GatewayEvents, true> = {
  'message.created': true,
  'message.updated': true,
  'message.deleted': true,
  'reaction.added': true,
  'reaction.removed': true,
  'reaction.cleared': true,
  'member.joined': true,
  'member.left': true,
  'channel.created': true,
  'server.updated': true,
  'server.deleted': true,
};

/** Opens a gateway connection that keeps itself up; see `GatewayConnection`. */
export function connect(options: GatewayOptions): GatewayConnection {
  return new GatewayConnection(options);
}

import type { components } from '../generated/api.js';

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

/** Every type of `GatewayEvents`, to tell a known dispatch from one newer than this SDK. */
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

export const isKnownEvent = (type: string): type is keyof GatewayEvents => Object.hasOwn(KNOWN, type);

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

/** Every dispatch, of whatever type (including ones newer than this SDK). */
export interface Dispatch {
  t: string;
  d: unknown;
  cursor: string;
}

/** Everything `GatewayConnection.on` listens for: each dispatch type, the connection's own events, and `dispatch`. */
export type AllEvents = { [K in keyof GatewayEvents]: GatewayEvents[K] } & ConnectionEvents & { dispatch: Dispatch };

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
  readonly reconnect?: ReconnectOptions;
}

export interface ReconnectOptions {
  readonly minDelayMs?: number;
  readonly maxDelayMs?: number;
}

import type { components } from '../generated/api.js';
import type { EventMap, ReadyData, components as gateway } from '../generated/events.js';

type Schemas = components['schemas'];
export type Message = Schemas['Message'];
export type Member = Schemas['Member'];
export type Channel = Schemas['Channel'];
export type Server = Schemas['Server'];
/** What others may be shown of you while you are connected (`invisible`: offline). */
export type PresenceStatus = gateway['schemas']['PresenceOp']['d']['status'];

/**
 * What each dispatch carries (`d`), by its type (`t`): the REST shapes, generated from the API's
 * AsyncAPI document (`src/generated/events.ts`).
 */
export type GatewayEvents = EventMap;

/** ready's data, as the AsyncAPI document gives it, and why it came. */
export interface Ready extends ReadyData {
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
  /** Where a resume would continue after this event; none on a signal (typing), which is live only. */
  cursor?: string;
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

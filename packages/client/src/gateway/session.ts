import { Heartbeat } from './heartbeat.js';
import type { ResumePoint } from './resume-point.js';
import { EVENT_TYPES, type ClientFrame } from '../generated/events.js';
import type { AllEvents, GatewayEvents, PresenceStatus, WebSocketLike } from './types.js';

const OPEN = 1;

/** A dispatch type this SDK knows (one newer than it reaches `dispatch` listeners only). */
const isKnownEvent = (type: string): type is keyof GatewayEvents => Object.hasOwn(EVENT_TYPES, type);

/** What a session needs from the connection that outlives it. */
export interface SessionHooks {
  /** The token to identify or resume with; rejects when the token function failed. */
  readonly token: () => Promise<string>;
  /** Where to resume from, and where the last event handed over was: shared by every socket. */
  readonly resumePoint: ResumePoint;
  readonly emit: <K extends keyof AllEvents>(type: K, value: AllEvents[K]) => void;
  /** Ready or resumed came: the session is up. */
  readonly settled: () => void;
  /** What the user chose to show, if they chose (sent with identify or resume, and whenever it changes). */
  readonly presence: () => PresenceStatus | undefined;
  /** The socket is gone, closed by the other side or let go of here; called at most once. */
  readonly dropped: (code: number, reason: string) => void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a frame off the wire; each op below reads only its own fields
type WireFrame = { op?: string; t?: string; d?: any; cursor?: string };

/**
 * One socket's session: hello → identify (or resume, with a cursor) → ready (or resumed), with
 * heartbeats from hello on; `invalid_session` → identify again on the same socket → ready. Each
 * dispatch is handed over once: one at or before the resume point is dropped. Once ended (dropped
 * or closed) it sends, hands over and reports nothing more, so a token that comes late is not sent
 * on a socket another one replaced.
 */
export class GatewaySession {
  private ended = false;
  /** Ready or resumed came (and no invalid_session since): the gateway takes a presence op. */
  private up = false;
  /** The presence this socket last told the gateway. */
  private told: PresenceStatus | undefined;
  private readonly heartbeat = new Heartbeat(
    () => this.send({ op: 'heartbeat' }),
    () => this.drop(4000, 'no heartbeat_ack'),
  );

  constructor(
    private readonly socket: WebSocketLike,
    private readonly hooks: SessionHooks,
  ) {
    socket.onmessage = (event) => {
      if (!this.ended) void this.receive(String(event.data));
    };
    socket.onclose = (event) => {
      if (this.ended) return;
      this.end();
      hooks.dropped(event.code, event.reason);
    };
    socket.onerror = () => undefined; // a close follows
  }

  /** The user chose another presence: told now if the session is up, else with identify or resume, or as soon as it is. */
  presenceChanged(): void {
    if (this.up) this.tellPresence();
  }

  private tellPresence(): void {
    const status = this.hooks.presence();
    if (status === undefined || status === this.told) return;
    this.told = status;
    this.send({ op: 'presence', d: { status } });
  }

  /** `d.presence` of identify or resume: what was chosen, if anything. */
  private presenceField(): { presence?: { status: PresenceStatus } } {
    this.told = this.hooks.presence();
    return this.told === undefined ? {} : { presence: { status: this.told } };
  }

  /** Closes the socket for good; not reported as dropped. */
  close(code: number, reason: string): void {
    this.end();
    this.socket.close(code, reason);
  }

  private end(): void {
    this.ended = true;
    this.heartbeat.stop();
  }

  /**
   * Lets go of the socket at once and reports it dropped: when the route is dead, its close
   * handshake cannot complete and would hold the reconnect back until the WebSocket gives up on it
   * (30 s in `ws`).
   */
  private drop(code: number, reason: string): void {
    this.end();
    this.hooks.dropped(code, reason);
    this.socket.close(code, reason);
  }

  private send(frame: ClientFrame): void {
    if (!this.ended && this.socket.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private async receive(text: string): Promise<void> {
    let frame: WireFrame;
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    switch (frame.op) {
      case 'hello':
        return this.hello(Number(frame.d?.heartbeatInterval) || 30_000);
      case 'ready':
        return this.ready(frame.d);
      case 'resumed':
        this.settle();
        return this.hooks.emit('resumed', { replayed: Number(frame.d?.replayed ?? 0) });
      case 'invalid_session':
        return this.invalidSession();
      case 'heartbeat_ack':
        return this.heartbeat.acked();
      case 'dispatch':
        return this.dispatch(frame);
      default:
        return;
    }
  }

  private async hello(heartbeatMs: number): Promise<void> {
    this.heartbeat.start(heartbeatMs);
    const token = await this.token();
    // The socket may have dropped while the token came, and another be open: that one sends its own.
    if (token === undefined || this.ended) return;
    const cursor = this.hooks.resumePoint.cursor;
    this.send(cursor ? { op: 'resume', d: { token, cursor, ...this.presenceField() } } : { op: 'identify', d: { token, ...this.presenceField() } });
  }

  /** The session is up: a presence chosen since identify or resume went is told now. */
  private settle(): void {
    this.up = true;
    this.hooks.settled();
    this.tellPresence();
  }

  private ready(data: Omit<AllEvents['ready'], 'reason'>): void {
    this.settle();
    // After invalid_session the beats stopped until this ready (see below).
    if (!this.heartbeat.running) this.heartbeat.start();
    this.hooks.resumePoint.take(data.cursor, true);
    this.hooks.emit('ready', { ...data, reason: this.hooks.resumePoint.identifyReason });
  }

  /** The cursor is gone from the log: start afresh on this socket. */
  private async invalidSession(): Promise<void> {
    // The gateway waits for identify again, and takes no presence op before it.
    this.up = false;
    this.hooks.resumePoint.forget();
    // The gateway waits for identify again and takes a heartbeat before it as a protocol error:
    // beats resume with ready.
    this.heartbeat.stop();
    const token = await this.token();
    if (token !== undefined && !this.ended) this.send({ op: 'identify', d: { token, ...this.presenceField() } });
  }

  /** An event moves the resume point (a duplicate is dropped); a signal (typing) has no cursor and moves nothing. */
  private dispatch({ t, d, cursor }: WireFrame): void {
    if (typeof t !== 'string' || (cursor !== undefined && typeof cursor !== 'string')) return;
    if (cursor !== undefined && !this.hooks.resumePoint.take(cursor, false)) return;
    this.hooks.emit('dispatch', cursor === undefined ? { t, d } : { t, d, cursor });
    if (isKnownEvent(t)) this.hooks.emit(t, d);
  }

  /**
   * The token; undefined when the token function failed: the socket is then dropped and retried
   * with backoff, as if the network had failed (the function may work next time).
   */
  private async token(): Promise<string | undefined> {
    try {
      return await this.hooks.token();
    } catch {
      if (!this.ended) this.drop(4000, 'the token function failed');
      return undefined;
    }
  }
}

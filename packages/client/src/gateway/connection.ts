import { Listeners } from './listeners.js';
import { Reconnect, reconnectsAfter } from './reconnect.js';
import { ResumePoint } from './resume-point.js';
import { GatewaySession } from './session.js';
import type { AllEvents, GatewayOptions, PresenceStatus, WebSocketConstructor } from './types.js';

/**
 * One realtime connection that stays up: heartbeats as the gateway asks, reconnects with backoff
 * and jitter, resumes from the last cursor it handed over (so nothing is missed and nothing comes
 * twice: a dispatch at or before the last cursor is dropped), and identifies again when the gateway
 * cannot resume, telling the caller to re-fetch (`ready` with reason `invalid_session`).
 */
export class GatewayConnection {
  private readonly listeners = new Listeners<AllEvents>();
  private readonly resumePoint = new ResumePoint();
  private readonly reconnect: Reconnect;
  private session: GatewaySession | undefined;
  private stopped = false;
  private presence: PresenceStatus | undefined;

  constructor(private readonly options: GatewayOptions) {
    this.reconnect = new Reconnect(options.reconnect);
    this.open();
  }

  /** The cursor of the last event handed over (or of `ready`): where a resume starts. */
  get cursor(): string | undefined {
    return this.resumePoint.cursor;
  }

  /** Listens for one event type; returns a function that stops listening. */
  on<K extends keyof AllEvents>(type: K, listener: (value: AllEvents[K]) => void): () => void {
    return this.listeners.on(type, listener);
  }

  /**
   * What others see of you while you are connected: `online`, `idle`, `dnd`, or `invisible` (shown
   * offline). Told at once, and again with every reconnect, so a reconnect never shows you online
   * in between.
   */
  setPresence(status: PresenceStatus): void {
    this.presence = status;
    this.session?.presenceChanged();
  }

  /** Closes for good (no reconnect). */
  close(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.reconnect.cancel();
    this.session?.close(1000, 'client closed');
    this.session = undefined;
    this.listeners.emit('closed', { code: 1000, reason: 'client closed' });
  }

  private open(): void {
    const Socket = this.options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (!Socket) throw new Error('no WebSocket here: pass one (for example `ws`) as the WebSocket option');
    const url = `${this.options.baseUrl.replace(/\/$/, '').replace(/^http/, 'ws')}/api/gateway`;
    const { token } = this.options;
    this.session = new GatewaySession(new Socket(url), {
      token: async () => (typeof token === 'function' ? token() : token),
      resumePoint: this.resumePoint,
      emit: (type, value) => this.listeners.emit(type, value),
      settled: () => this.reconnect.settled(),
      presence: () => this.presence,
      dropped: (code, reason) => this.dropped(code, reason),
    });
  }

  private dropped(code: number, reason: string): void {
    this.session = undefined;
    if (this.stopped) return;
    const willReconnect = reconnectsAfter(code);
    this.listeners.emit('disconnected', { code, reason, willReconnect });
    if (!willReconnect) {
      this.stopped = true;
      this.listeners.emit('closed', { code, reason });
      return;
    }
    this.reconnect.schedule(() => {
      if (!this.stopped) this.open();
    });
  }
}

/** Opens a gateway connection that keeps itself up; see `GatewayConnection`. */
export function connect(options: GatewayOptions): GatewayConnection {
  return new GatewayConnection(options);
}

import WebSocket from 'ws';

/** A frame as the gateway sends it (`raw` is set instead when a frame was not JSON). */
export interface Frame {
  readonly op: string;
  readonly t?: string;
  readonly cursor?: string;
  readonly d?: any;
  readonly raw?: string;
}

export interface Resumed {
  /** The dispatches that arrived between the resume and `resumed`. */
  readonly dispatches: Frame[];
  readonly replayed: number;
}

/** `http://127.0.0.1:1234` → `ws://127.0.0.1:1234/api/gateway`. */
export const gatewayUrl = (httpUrl: string): string => `${httpUrl.replace(/^http/, 'ws')}/api/gateway`;

const describeFrame = (frame: Frame): string => {
  if (frame.raw !== undefined) return `<not JSON: ${frame.raw.slice(0, 80)}>`;
  const d = frame.d === undefined ? '' : ` ${JSON.stringify(frame.d).slice(0, 160)}`;
  return `${frame.op}${frame.t ? ` ${frame.t}` : ''}${frame.cursor ? ` @${frame.cursor}` : ''}${d}`;
};

interface Waiter {
  check(): boolean;
  closed(): void;
}

/**
 * A test client of the gateway: it records every frame it receives, in order, and the close. `next`
 * consumes frames (each is handed out once); `frames` and `dispatches()` list everything received.
 */
export class GatewayClient {
  readonly frames: Frame[] = [];
  /** The client's end of the TCP connection. */
  localPort = 0;
  closeCode: number | undefined;
  closeReason = '';
  private readonly consumed = new Set<Frame>();
  private readonly waiters = new Set<Waiter>();
  private readonly closedPromise: Promise<number>;
  private helloSeen = false;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: WebSocket.RawData) => {
      const text = Array.isArray(data) ? Buffer.concat(data).toString() : Buffer.from(data as ArrayBuffer).toString();
      let frame: Frame;
      try {
        frame = JSON.parse(text) as Frame;
      } catch {
        frame = { op: '<unparsable>', raw: text };
      }
      this.frames.push(frame);
      for (const waiter of [...this.waiters]) if (waiter.check()) this.waiters.delete(waiter);
    });
    this.closedPromise = new Promise((resolve) =>
      socket.on('close', (code: number, reason: Buffer) => {
        this.closeCode = code;
        this.closeReason = reason.toString();
        for (const waiter of [...this.waiters]) waiter.closed();
        this.waiters.clear();
        resolve(code);
      }),
    );
    socket.on('error', () => undefined); // a killed replica resets the socket; `close` follows
  }

  /** Opens a connection and resolves once the upgrade is done. */
  static connect(url: string, timeoutMs = 5_000): Promise<GatewayClient> {
    return GatewayClient.connectWith(url, {}, timeoutMs);
  }

  /** Opens a connection with these request headers (an `Origin`, an `X-Forwarded-For`). */
  static connectWith(url: string, { headers = {} }: { readonly headers?: Record<string, string> }, timeoutMs = 5_000): Promise<GatewayClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: timeoutMs, headers });
      const client = new GatewayClient(socket);
      const fail = (why: string) => {
        socket.terminate();
        reject(new Error(`could not open ${url}: ${why}`));
      };
      socket.once('upgrade', (res) => (client.localPort = res.socket.localPort ?? 0));
      socket.once('open', () => resolve(client));
      socket.once('unexpected-response', (_req, res) => fail(`HTTP ${res.statusCode} instead of an upgrade`));
      socket.once('error', (error: Error) => fail(error.message));
    });
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  /** Every dispatch of an event received so far, in order (consumed or not); signals (no cursor) are in `signals`. */
  dispatches(): Frame[] {
    return this.frames.filter((frame) => frame.op === 'dispatch' && frame.cursor !== undefined);
  }

  /** Every signal received so far (typing: a dispatch with no cursor), in order. */
  signals(): Frame[] {
    return this.frames.filter((frame) => frame.op === 'dispatch' && frame.cursor === undefined);
  }

  /** The cursor of the last dispatch received, if any. */
  lastCursor(): string | undefined {
    return this.dispatches().at(-1)?.cursor;
  }

  /** What arrived so far, for failure messages. */
  describe(): string {
    const shown = this.frames.length > 40 ? [...this.frames.slice(0, 10), ...this.frames.slice(-30)] : this.frames;
    const lines = shown.map((frame) => `  ${this.consumed.has(frame) ? '(consumed) ' : ''}${describeFrame(frame)}`);
    if (this.frames.length > 40) lines.splice(10, 0, `  … ${this.frames.length - 40} more …`);
    const state = this.closeCode === undefined ? 'still open' : `closed ${this.closeCode} ${JSON.stringify(this.closeReason)}`;
    return `${this.frames.length} frame(s) arrived, ${state}:\n${lines.join('\n')}`;
  }

  /** The first frame not yet consumed that matches; rejects on timeout or when the socket closes first. */
  next(predicate: (frame: Frame) => boolean, timeoutMs = 5_000, what = 'a matching frame'): Promise<Frame> {
    return this.waitFor(
      () => {
        const frame = this.frames.find((f) => !this.consumed.has(f) && predicate(f));
        if (frame) this.consumed.add(frame);
        return frame;
      },
      timeoutMs,
      what,
    );
  }

  /** Resolves once `condition` holds (checked on every frame and on close). */
  async until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
    await this.waitFor(() => (condition() ? true : undefined), timeoutMs, what);
  }

  /** Resolves with what `probe` finds, trying it now, on every frame and on close. */
  private waitFor<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const found = probe();
        if (found === undefined) return false;
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`waited ${timeoutMs} ms for ${what}; ${this.describe()}`));
      }, timeoutMs);
      const waiter: Waiter = {
        check,
        closed: () => {
          if (!check()) {
            clearTimeout(timer);
            reject(new Error(`the socket closed while waiting for ${what}; ${this.describe()}`));
          }
        },
      };
      if (check()) return;
      if (this.closeCode !== undefined) return waiter.closed();
      this.waiters.add(waiter);
    });
  }

  /** The close code, once the socket is closed. */
  closed(timeoutMs = 5_000): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the socket was not closed within ${timeoutMs} ms; ${this.describe()}`)), timeoutMs);
      void this.closedPromise.then((code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
  }

  /** Waits for `hello` (once per connection) and returns its frame. */
  async hello(timeoutMs = 5_000): Promise<Frame | undefined> {
    if (this.helloSeen) return undefined;
    const hello = await this.next((f) => f.op === 'hello', timeoutMs, 'hello');
    this.helloSeen = true;
    return hello;
  }

  /** hello, then identify (`more`: more of its `d`, a `presence`); resolves with the `ready` frame. */
  async identify(token: string, timeoutMs = 5_000, more: Record<string, unknown> = {}): Promise<Frame> {
    await this.hello(timeoutMs);
    this.send({ op: 'identify', d: { token, ...more } });
    return this.next((f) => f.op === 'ready' || f.op === 'invalid_session', timeoutMs, 'ready').then((frame) => {
      if (frame.op !== 'ready') throw new Error(`identify got ${frame.op} instead of ready; ${this.describe()}`);
      this.keepBeating();
      return frame;
    });
  }

  /** Heartbeats every `ms` from the first identify on, for a gateway with a short interval (none without). */
  beatEveryMs: number | undefined;
  private beating: NodeJS.Timeout | undefined;

  private keepBeating(): void {
    if (this.beatEveryMs === undefined || this.beating) return;
    this.beating = setInterval(() => this.open && this.send({ op: 'heartbeat' }), this.beatEveryMs);
    this.beating.unref();
    void this.closedPromise.then(() => clearInterval(this.beating));
  }

  /** hello, then resume from `cursor`; resolves with the dispatches replayed before `resumed` and its count. */
  async resume(token: string, cursor: string, timeoutMs = 10_000): Promise<Resumed> {
    await this.hello(timeoutMs);
    const from = this.frames.length;
    this.send({ op: 'resume', d: { token, cursor } });
    const end = await this.next((f) => f.op === 'resumed' || f.op === 'invalid_session', timeoutMs, `resumed after cursor ${cursor}`);
    if (end.op !== 'resumed') throw new Error(`resume from ${cursor} got ${end.op}; ${this.describe()}`);
    this.keepBeating();
    const upTo = this.frames.indexOf(end);
    const dispatches = this.frames.slice(from, upTo).filter((f) => f.op === 'dispatch' && f.cursor !== undefined);
    for (const frame of dispatches) this.consumed.add(frame);
    return { dispatches, replayed: end.d?.replayed };
  }

  /** Stops reading from the socket (the server's writes pile up in its buffers), as a stuck client does. */
  pause(): void {
    this.socket.pause();
  }

  resumeReading(): void {
    this.socket.resume();
  }

  close(): void {
    if (this.closeCode === undefined) this.socket.terminate();
  }
}

/** Connects to a replica's gateway. */
export const connectGateway = (httpUrl: string): Promise<GatewayClient> => GatewayClient.connect(gatewayUrl(httpUrl));

/** Every client opened through `open` is closed by `closeAll` (call it in afterEach). */
export class Clients {
  private readonly all: GatewayClient[] = [];

  /** `beatEveryMs`: each client heartbeats so often once identified (see `GatewayClient.beatEveryMs`). */
  constructor(private readonly beatEveryMs?: number) {}

  async open(httpUrl: string): Promise<GatewayClient> {
    const client = await connectGateway(httpUrl);
    client.beatEveryMs = this.beatEveryMs;
    this.all.push(client);
    return client;
  }

  closeAll(): void {
    for (const client of this.all.splice(0)) client.close();
  }
}

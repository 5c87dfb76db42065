import type { Admission, Audience, ChosenStatus, GatewaySnapshot, LoggedEvent } from '@chat/domain';
import { CLOSE, HEARTBEAT_ACK, INVALID_SESSION, isLoggedEventType } from '@chat/contract';
import type { SharedFrame } from './shared-frame';

/** waiting: for identify or resume; syncing: catching up from the log; live: in the fan-out index. */
export type ConnectionState = 'waiting' | 'syncing' | 'live' | 'closed';

/** The moves a connection may make; anything else is refused (and is a bug in the caller). */
const NEXT: Record<ConnectionState, readonly ConnectionState[]> = {
  waiting: ['syncing', 'closed'],
  syncing: ['live', 'waiting', 'closed'],
  live: ['closed'],
  closed: [],
};
/** What a connection needs of its socket (ws's `WebSocket` has it). */
export interface ConnectionSocket {
  readonly bufferedAmount: number;
  /** 1 (ws's `OPEN`) while frames may be sent on it: not once a close frame went either way. */
  readonly readyState: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
}
/** The byte stream under the WebSocket (the upgraded HTTP socket), on which frames encoded once for many are written. */
export interface FrameStream {
  write(bytes: Uint8Array): unknown;
  /** Holds what is written until as many `uncork`s, then writes it at once (node's sockets have both). */
  cork?(): void;
  uncork?(): void;
}
/** ws's `WebSocket.OPEN`. */
const OPEN = 1;
/** Never added to: `reflected` of a connection whose snapshot had nothing unplaced. */
const NONE: Set<string> = new Set();

/**
 * One socket's state machine: waiting → syncing → live → closed, with syncing → waiting when the
 * session cannot be resumed (`invalid_session`). It owns its transitions, its identify deadline,
 * its frame count, and what it has been sent of the log.
 */
export class Connection {
  private current: ConnectionState = 'waiting';
  audience: Audience | undefined;
  /** Events at or before this position are already reflected in what the client holds. */
  private snapshotHead = 0;
  /** The last position handled for this connection; anything at or before it is a duplicate. */
  position = 0;
  /** Started by identify (not resume): events the snapshot already reflects are not sent. */
  private identified = false;
  /** Ids of events that committed before the snapshot but were placed after its head. */
  private reflected: Set<string> | undefined;
  /** The servers under which the fan-out index holds this connection (a few: an array, not a set). */
  readonly indexed: string[] = [];
  lastHeartbeat = Date.now();
  private windowStart = Date.now();
  private framesInWindow = 0;
  private identifyTimer: NodeJS.Timeout | undefined;
  /** When a socket that has not opened a session is closed (epoch ms). */
  private deadline = 0;
  /** The user whose place among their sockets this one holds, from its first opening. */
  userId: string | undefined;
  /** What its user chose to show from it (identify's, or the last presence op). */
  chosen: ChosenStatus | undefined;
  /** Counted among its user's sockets in the presence registry (from going live to its close). */
  present = false;
  /** Signal frames heard while its session opened, sent once it goes live. */
  held: SharedFrame[] | undefined;
  /** Frames written now wait on the stream for `uncork` (see `cork`). */
  corked = false;

  /**
   * `address`: the client's, as the per-address cap counts it. `stream`: the socket under the
   * WebSocket, where `write` puts frames encoded once for many; without it (tests) they go through `send`.
   */
  constructor(
    readonly socket: ConnectionSocket,
    readonly address: string,
    private readonly identifyTimeoutMs: number,
    private readonly stream?: FrameStream,
  ) {}

  /**
   * Sends a frame encoded once for all the sockets it goes to: its bytes straight onto the stream
   * under the WebSocket, in order with what ws writes there (ws writes each of its frames whole, at
   * once: no compression, nothing queued), and counted in its `bufferedAmount` (the stream's own
   * buffer). Nothing once a close frame went either way, as ws would send nothing.
   */
  write(frame: SharedFrame): void {
    if (this.stream === undefined) return this.socket.send(frame.text);
    if (this.socket.readyState === OPEN) this.stream.write(frame.bytes);
  }

  /**
   * Holds what is written to the socket from here (by `write`, and by ws) until `uncork`, which
   * writes it in one go: the frames of a batch of events cost the socket one system call, not one
   * each. For the span of one synchronous turn only (`Delivery.batch`). False when it was corked
   * already, or its stream cannot be.
   */
  cork(): boolean {
    if (this.corked || this.stream?.cork === undefined || this.stream.uncork === undefined) return false;
    this.stream.cork();
    this.corked = true;
    return true;
  }

  uncork(): void {
    if (!this.corked) return;
    this.corked = false;
    this.stream?.uncork?.();
  }

  get state(): ConnectionState {
    return this.current;
  }

  /** Counts a frame from the client; false once it sent more than `limit` in the current minute. */
  countFrame(limit: number, now = Date.now()): boolean {
    if (now - this.windowStart >= 60_000) {
      this.windowStart = now;
      this.framesInWindow = 0;
    }
    this.framesInWindow += 1;
    return this.framesInWindow <= limit;
  }

  /**
   * The socket has until the deadline to identify or resume with a valid token. The deadline is not
   * moved by frames: a socket that has never opened a session cannot keep itself open (an opening
   * still running at the deadline is let finish; if it fails, the socket closes).
   */
  awaitIdentify(): void {
    this.stopIdentifyTimer();
    this.deadline = Date.now() + this.identifyTimeoutMs;
    this.identifyTimer = setTimeout(() => {
      if (this.current === 'waiting') this.close(CLOSE.NOT_AUTHENTICATED, 'identify or resume first');
    }, this.identifyTimeoutMs);
  }

  /** Clears the identify timer and lets it go (a cleared timer held by the connection is memory kept). */
  stopIdentifyTimer(): void {
    clearTimeout(this.identifyTimer);
    this.identifyTimer = undefined;
  }

  /** waiting → syncing: an identify or resume arrived; false if the connection was not waiting. */
  startOpening(): boolean {
    return this.move('syncing');
  }

  /** The session opened: what the client holds is `snapshot`, and it has handled the log up to `position`. */
  begin(audience: Audience, snapshot: GatewaySnapshot, identified: boolean, position: number): void {
    this.audience = audience;
    this.snapshotHead = snapshot.head;
    // Almost always none: share one empty set rather than hold one per socket.
    this.reflected = snapshot.unplaced.size > 0 ? new Set(snapshot.unplaced) : NONE;
    this.identified = identified;
    this.lastHeartbeat = Date.now();
    this.position = position;
  }

  /** syncing → live, once caught up; false if it is not syncing or has no session. */
  goLive(): boolean {
    return this.audience !== undefined && this.move('live');
  }

  /**
   * syncing → waiting: the client identifies again on this socket. One that holds a user's place gets
   * a fresh deadline; one that never opened a session keeps the deadline it had, and is closed once
   * it has passed.
   */
  invalidSession(): void {
    if (this.current === 'closed') return;
    if (this.userId === undefined && Date.now() >= this.deadline) return this.close(CLOSE.NOT_AUTHENTICATED, 'identify or resume first');
    if (!this.move('waiting')) return;
    this.socket.send(INVALID_SESSION);
    if (this.userId !== undefined) this.awaitIdentify();
  }

  heartbeat(): void {
    this.lastHeartbeat = Date.now();
    this.socket.send(HEARTBEAT_ACK);
  }

  /**
   * Judges the next event of the log for this connection: a duplicate or one it may not see is
   * skipped, its session's revocation closes it. Moves its position on in every case. Judged by the
   * event's route: its content is read only for a revocation of this user's sessions.
   */
  admit(logged: LoggedEvent): Admission {
    if (this.current === 'closed' || logged.position <= this.position || !this.audience) return 'skip';
    this.position = logged.position;
    const route = logged.route;
    // A newer version's type: it keeps its place, and this version sends it to no one.
    if (!isLoggedEventType(route.type)) return 'skip';
    // Committed before the snapshot though placed after its head: judged as the snapshot's past.
    const reflected = this.reflected !== undefined && this.reflected.size > 0 && this.reflected.delete(logged.id);
    const admission = this.audience.judge(route, logged.position > this.snapshotHead && !reflected, () => logged.event);
    if (admission === 'close') {
      this.close(CLOSE.AUTHENTICATION_FAILED, 'the session was revoked');
      return 'close';
    }
    // After identify, `ready` already holds it; a resume replays it, as everything after its cursor.
    return reflected && this.identified ? 'skip' : admission;
  }

  close(code: number, reason: string, graceMs = 30_000): void {
    if (!this.move('closed')) return;
    this.stopIdentifyTimer();
    this.socket.close(code, reason);
    // A client that does not read will not read the close frame either: cut it after a while
    // (as long as ws waits for a closing handshake), so one that reads again still learns why.
    setTimeout(() => this.socket.terminate(), graceMs).unref();
  }

  /** The socket is gone (whoever closed it). */
  closed(): void {
    this.current = 'closed';
    this.stopIdentifyTimer();
  }

  private move(to: ConnectionState): boolean {
    if (!NEXT[this.current].includes(to)) return false;
    this.current = to;
    return true;
  }
}

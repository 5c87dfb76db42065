import type { Audience } from '@chat/domain';
import type { WebSocket } from 'ws';

/** One socket's state; the gateway drives it. */
export class Connection {
  /** waiting: for identify or resume; syncing: catching up from the log; live: in the fan-out index. */
  state: 'waiting' | 'syncing' | 'live' | 'closed' = 'waiting';
  audience: Audience | undefined;
  /** Events at or before this position are already reflected in what the client holds. */
  snapshotHead = 0;
  /** The last position handled for this connection; anything at or before it is a duplicate. */
  position = 0;
  /** Started by identify (not resume): events the snapshot already reflects are not sent. */
  identified = false;
  /** Ids of events that committed before the snapshot but were placed after its head. */
  reflected: Set<string> | undefined;
  /** The servers under which the gateway's index holds this connection (a few: an array, not a set). */
  readonly indexed: string[] = [];
  lastHeartbeat = Date.now();
  private windowStart = Date.now();
  private framesInWindow = 0;
  identifyTimer: NodeJS.Timeout | undefined;
  /** When a socket that has not opened a session is closed (epoch ms). */
  deadline = 0;
  /** The user whose place among their sockets this one holds, from its first opening. */
  userId: string | undefined;

  /** `address`: the client's, as the gateway's per-address cap counts it. */
  constructor(
    readonly socket: WebSocket,
    readonly address: string,
  ) {}

  /** Counts a frame from the client; false once it sent more than `limit` in the current minute. */
  countFrame(limit: number, now = Date.now()): boolean {
    if (now - this.windowStart >= 60_000) {
      this.windowStart = now;
      this.framesInWindow = 0;
    }
    this.framesInWindow += 1;
    return this.framesInWindow <= limit;
  }

  /** Clears the identify timer and lets it go (a cleared timer held by the connection is memory kept). */
  stopIdentifyTimer(): void {
    clearTimeout(this.identifyTimer);
    this.identifyTimer = undefined;
  }

  close(code: number, reason: string, graceMs = 30_000): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.stopIdentifyTimer();
    this.socket.close(code, reason);
    // A client that does not read will not read the close frame either: cut it after a while
    // (as long as ws waits for a closing handshake), so one that reads again still learns why.
    setTimeout(() => this.socket.terminate(), graceMs).unref();
  }
}

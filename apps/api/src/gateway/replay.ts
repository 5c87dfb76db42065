import type { EventHistory } from '@chat/domain';
import type { Connection } from './connection';
import type { Delivery } from './delivery';
import type { FanOut } from './fan-out';

const REPLAY_PAGE = 500;
const DRAIN_TIMEOUT_MS = 10_000;

export interface ReplayOptions {
  readonly history: Pick<EventHistory, 'after'>;
  /** The position up to which this replica's reader has handed events to the fan-out. */
  readonly readerPosition: () => number;
  /** The send buffer held for a client (see `GatewayOptions.maxBufferBytes`). */
  readonly maxBufferBytes: number;
}

/** A connection's catch-up from the log, from its position to this replica's reader, then into the fan-out. */
export class Replay {
  constructor(
    private readonly options: ReplayOptions,
    private readonly delivery: Delivery,
    /** Where a caught-up connection goes live (the fan-out, and presence). */
    private readonly fanOut: Pick<FanOut, 'join'>,
  ) {}

  /**
   * Sends what the log holds between the connection's position and this replica's reader, then puts
   * the connection in the fan-out index. The last check and the joining happen in one turn, so no
   * event falls between; `live` runs in that turn too (a resume's `resumed` goes out before any
   * live event), told how many events were sent.
   */
  async catchUp(connection: Connection, live: (sent: number) => void): Promise<void> {
    let sent = 0;
    while (connection.state === 'syncing') {
      const page = connection.position >= this.options.readerPosition() ? [] : await this.options.history.after(connection.position, REPLAY_PAGE);
      if (page.length === 0) {
        live(sent);
        this.fanOut.join(connection);
        return;
      }
      // Pruned while this replay ran: what it would skip is lost to it, so the client starts over.
      if ((page[0]?.position ?? 0) > connection.position + 1) return connection.invalidSession();
      for (const logged of page) {
        // Frame by frame, never more than the buffer bound held for a client: one that keeps
        // reading is never cut, one that stopped gets 4020 like a slow live reader.
        if (connection.socket.bufferedAmount > this.options.maxBufferBytes / 2 && !(await this.drained(connection))) {
          this.delivery.closeSlow(connection);
        }
        if (connection.state !== 'syncing') break;
        if (this.delivery.offer(connection, logged, () => this.delivery.sharedFrameOf(logged))) sent += 1;
      }
    }
  }

  /** Waits until the socket has sent most of what it holds; false if the client stopped reading. */
  private async drained(connection: Connection): Promise<boolean> {
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (connection.state === 'syncing' && connection.socket.bufferedAmount > this.options.maxBufferBytes / 4) {
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return true;
  }
}

import type { LoggedEvent } from '@chat/domain';
import type { Connection } from './connection';
import { SharedFrame } from './shared-frame';
import { clientEventJson, CLOSE, dispatch, formatCursor, NOT_SENT_AS_STORED, signAttachmentUrls, wireOf } from '@chat/contract';

export interface DeliveryOptions {
  /** The log's name, part of every cursor. */
  readonly logId: string;
  /** A client whose unsent data passes this is closed 4020: it resumes, losing nothing. */
  readonly maxBufferBytes: number;
  readonly onDelivered?: () => void;
  readonly onSlowConsumerClosed?: () => void;
  /** A fresh download link for a message's file (`LinkAttachment`): the log holds them unsigned. */
  readonly linkAttachment: (attachmentId: string) => string;
}

/** Sending one event to one connection, for the replay and the fan-out alike. */
export class Delivery {
  /** In a batch (see `batch`): the connections corked for it, to uncork at its end. */
  private corked: Connection[] | undefined;

  constructor(private readonly options: DeliveryOptions) {}

  /**
   * Runs `send` (one synchronous turn of sending, e.g. the fan-out of a read batch of events) with
   * every connection it writes to corked, and uncorks them at the end: a socket sent n frames
   * gets them in one write, not n. Under load the relay's passes carry many events at once, and
   * a write per socket per event was most of the fan-out's time (bench/RESULTS.md, session 19).
   * A corked socket's held bytes count in its `bufferedAmount` without the client being slow: the
   * slow-consumer bound is judged once they are written, on what the socket could not take.
   */
  batch(send: () => void): void {
    if (this.corked) return send();
    const corked: Connection[] = (this.corked = []);
    try {
      send();
    } finally {
      this.corked = undefined;
      for (const connection of corked) {
        connection.uncork();
        this.judge(connection);
      }
    }
  }

  /** Judges one event for one connection, and sends it if it may see it and it has a frame; true when sent. */
  offer(connection: Connection, logged: LoggedEvent, frame: () => SharedFrame | null): boolean {
    if (connection.admit(logged) !== 'deliver') return false;
    const shared = frame();
    if (shared === null) return false;
    this.send(connection, shared);
    this.options.onDelivered?.();
    return true;
  }

  /** Sends a signal's frame to a live connection: it has no position to judge, and moves none (nor counts as an event). */
  signal(connection: Connection, frame: SharedFrame): void {
    if (connection.state === 'live') this.send(connection, frame);
  }

  private send(connection: Connection, frame: SharedFrame): void {
    if (this.corked && connection.cork()) this.corked.push(connection);
    connection.write(frame);
    if (!connection.corked) this.judge(connection);
  }

  /** Closes a live connection holding more unsent data than the bound. */
  private judge(connection: Connection): void {
    if (connection.state === 'live' && connection.socket.bufferedAmount > this.options.maxBufferBytes) this.closeSlow(connection);
  }

  closeSlow(connection: Connection): void {
    connection.close(CLOSE.SLOW_CONSUMER, 'reading too slowly; resume to catch up');
    this.options.onSlowConsumerClosed?.();
  }

  /**
   * The event's dispatch frame: the same text for every connection it goes to. The stored text goes
   * in as it is when the log kept it in the wire form, under the route's type, undecoded; otherwise
   * the event is decoded and written again (null: this version cannot read it, so it is not sent).
   * A message's files get their links signed here, once per frame (an event without files is
   * looked at by one `indexOf`, and sent as it is).
   */
  frameOf(logged: LoggedEvent): string | null {
    const cursor = formatCursor(this.options.logId, logged.position);
    // One member's change of sight goes out under a client type, a user's change without its servers: written again.
    const wire = NOT_SENT_AS_STORED.has(logged.route.type) ? null : wireOf(logged);
    if (wire !== null) return dispatch(logged.route.type, cursor, this.signed(wire));
    const event = logged.event;
    if (event === null) return null;
    const { t, d } = clientEventJson(event);
    return dispatch(t, cursor, this.signed(JSON.stringify(d)));
  }

  /** `frameOf`, to be encoded once for every connection it goes to. */
  sharedFrameOf(logged: LoggedEvent): SharedFrame | null {
    const text = this.frameOf(logged);
    return text === null ? null : new SharedFrame(text);
  }

  private signed(data: string): string {
    return signAttachmentUrls(data, this.options.linkAttachment);
  }
}

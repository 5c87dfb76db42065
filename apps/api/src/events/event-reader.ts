import type { EventHistory, Interest, LiveEvents, LoggedEvent } from '@chat/domain';
import type { Logger } from 'pino';

export interface EventReaderOptions {
  readonly history: Pick<EventHistory, 'after'>;
  /** The bus's live tail (the Redis Stream); absent without Redis. */
  readonly live?: LiveEvents;
  /** What this replica's sockets need of the bus (the gateway's places): a sharded stream reads only that. */
  readonly interest?: Interest;
  /**
   * The log's head as this replica last saw it (its relay's, at most a relay interval old). With an
   * `interest`: while the interest holds no place (no socket is live here), the reader reads
   * nothing and moves its position there instead.
   */
  readonly head?: () => number;
  readonly logger: Logger;
  /** Without a live bus (or while it is away): how often to look in the log. */
  readonly pollMs?: number;
  readonly blockMs?: number;
}

const PAGE = 500;

/**
 * This replica's one reader of the log: every event once, in position order, to `onEvents`. With
 * Redis it blocks on the Stream and reads from the database whatever the Stream skipped (positions
 * are dense, so a gap is exact); with Redis away, or without it, it polls the database. `position`
 * is the last event handed on. A replica with no live socket reads nothing at all (see `idle`).
 */
export class EventReader {
  position = 0;
  /** When the reader last found nothing newer than `position`. */
  caughtUpAt = Date.now();
  private stopped = false;
  private wake: (() => void) | undefined;
  private liveDownUntil = 0;
  private liveFailing = false;
  private onEvents: (events: readonly LoggedEvent[]) => void = () => {};

  constructor(private readonly options: EventReaderOptions) {
    // An idle reader (see `idle`) starts reading as soon as a socket goes live, not at its next look.
    options.interest?.onLive?.(() => this.nudge());
  }

  /** Reads on from `from`, handing each contiguous batch to `onEvents`, in order, synchronously. */
  start(from: number, onEvents: (events: readonly LoggedEvent[]) => void): void {
    this.position = from;
    this.onEvents = onEvents;
    void this.loop();
  }

  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  /** New events were placed here: look now, not at the next poll. */
  nudge(): void {
    this.wake?.();
  }

  /**
   * Events this replica's relay just placed, as the log holds them: handed on at once when they
   * continue exactly from `position`, without waiting for them to come back through the live bus
   * (a Redis round trip, and a wake-up of this process, on every event's way to this replica's
   * sockets). The bus's copy, when it comes, is skipped as already handed on. Says whether they
   * were handed on; if not (the reader is behind: other replicas' events come first), the bus or
   * the log brings them in order.
   */
  offer(events: readonly LoggedEvent[]): boolean {
    const first = events[0];
    if (this.stopped || !first || first.position !== this.position + 1) return false;
    return this.handOn(events, false);
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        if (this.idle()) {
          // Told when a socket goes live: it looks again only to follow the head (as often as a blocked read would time out).
          await this.sleep(this.options.interest?.onLive ? (this.options.blockMs ?? 1_000) : (this.options.pollMs ?? 50));
          continue;
        }
        const { events, fromLog, live } = await this.next();
        // A socket went live while the read ran, needing shards it left out: read the same stretch again.
        if (live && this.options.interest && this.options.live?.missed?.(this.options.interest)) continue;
        if (events.length === 0) {
          this.caughtUpAt = Date.now();
          if (!this.usingLive()) await this.sleep(this.options.pollMs ?? 50);
          continue;
        }
        // Nothing could be handed on (a hole the log cannot fill yet): wait, do not spin. Events
        // all handed on already (offered by the relay before the bus brought them) are no hole.
        if (!this.handOn(events, fromLog) && !this.handedOn(events)) await this.sleep(this.options.pollMs ?? 50);
      } catch (error) {
        if (this.stopped) break;
        this.options.logger.warn({ err: error }, 'cannot read events; retrying');
        await this.sleep(1_000);
      }
    }
  }

  /**
   * With no socket live here (the interest holds no place), no event is needed by anyone: the reader
   * reads neither the bus nor the database, and moves `position` to the log's head as the relay saw
   * it, so its cost does not grow with the fleet's traffic; a socket that goes live wakes it
   * (`Interest.onLive`), and it reads on from a second or so behind the head. Lossless: this check
   * and the move happen in one turn, as a socket's last replay check and its going live do
   * (`Replay.catchUp`), so a socket either went live before (then the interest is not empty and the
   * reader reads on from `position`) or its replay reads the database up to the moved position.
   * Says whether the reader is idle.
   */
  private idle(): boolean {
    const { interest, head } = this.options;
    if (!interest || !head || !interest.places()[Symbol.iterator]().next().done) return false;
    this.position = Math.max(this.position, head());
    this.caughtUpAt = Date.now();
    return true;
  }

  private usingLive(): boolean {
    return this.options.live !== undefined && Date.now() >= this.liveDownUntil;
  }

  /**
   * The next events; `fromLog`: the first comes from the database, which has every event it kept;
   * `live`: some come from the bus (which may have left out what no socket here needed then).
   */
  private async next(): Promise<{ events: LoggedEvent[]; fromLog: boolean; live: boolean }> {
    const { live, history, interest } = this.options;
    if (!live || !this.usingLive()) return { events: await history.after(this.position, PAGE), fromLog: true, live: false };
    let tail: LoggedEvent[];
    try {
      tail = await live.read(this.position, this.options.blockMs ?? 1_000, interest);
      if (this.liveFailing) this.options.logger.info('reading events from Redis again');
      this.liveFailing = false;
    } catch (error) {
      if (this.stopped) return { events: [], fromLog: false, live: false };
      if (!this.liveFailing) this.options.logger.warn({ err: error }, 'cannot read events from Redis; reading them from the database');
      this.liveFailing = true;
      this.liveDownUntil = Date.now() + 1_000;
      return { events: await history.after(this.position, PAGE), fromLog: true, live: false };
    }
    const first = tail[0];
    // Nothing new, or the Stream skipped some: the database has them, in order.
    if (!first || first.position > this.position + 1) {
      const fill = await history.after(this.position, PAGE);
      // A tail read for an interest may leave out what the fill makes needed (a join in it): read it again after the fill.
      if (fill.length > 0 && interest && live.missed) return { events: fill, fromLog: true, live: false };
      return { events: [...fill, ...tail], fromLog: fill.length > 0, live: tail.length > 0 };
    }
    return { events: tail, fromLog: false, live: true };
  }

  /**
   * Hands on the run that continues exactly from `position`; anything beyond a hole is read again.
   * A hole at the start of what the database gave is final: those events were pruned before this
   * replica read them (it was cut off from the database longer than the retention). Says whether
   * anything was handed on.
   */
  private handOn(events: readonly LoggedEvent[], fromLog: boolean): boolean {
    const first = events[0];
    if (fromLog && first && first.position > this.position + 1) {
      this.options.logger.error({ from: this.position + 1, to: first.position - 1 }, 'events were pruned before this replica read them; skipping them');
      this.position = first.position - 1;
    }
    const run: LoggedEvent[] = [];
    for (const logged of events) {
      if (logged.position <= this.position + run.length) continue;
      if (logged.position !== this.position + run.length + 1) break;
      run.push(logged);
    }
    if (run.length === 0) return false;
    this.position += run.length;
    this.onEvents(run);
    return true;
  }

  /** Every one of `events` is at or before `position`. */
  private handedOn(events: readonly LoggedEvent[]): boolean {
    return events.every((logged) => logged.position <= this.position);
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}

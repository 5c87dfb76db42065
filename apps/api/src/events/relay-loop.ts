import type { EncodedEvent, EventRelay } from '@chat/domain';
import type { Logger } from 'pino';

/** Committed events held back this long make the replica say so (log, /ready). */
export const HELD_BACK_WARN_MS = 5_000;
/** A pass that placed this many events means writes are busy: the next one waits to carry more. */
const BUSY_PASS = 8;

export interface RelayLoopOptions {
  /** Hands placed events to the bus (the Redis Stream); absent without Redis. */
  readonly publish?: (events: readonly EncodedEvent[]) => Promise<void>;
  /** Told of the events a pass placed, once their publishing is under way: this replica's reader hands them on at once. */
  readonly onPlaced: (placed: readonly EncodedEvent[]) => void;
  readonly logger: Logger;
  readonly retention: { readonly count: number; readonly minutes: number };
  /** A pass runs at least this often: events of a replica that died before placing them still go out. */
  readonly intervalMs?: number;
  readonly pruneEveryMs?: number;
  /** How long a nudged pass waits for more events to carry while passes are busy (default 20 ms). */
  readonly coalesceMs?: number;
}

/**
 * Places committed events and hands them to the bus. Every replica runs one; the database lets one
 * pass at a time place. A write on this replica nudges it; a timer covers the rest (another
 * replica's writes it could not place, a crashed replica's). Nudges during a pass coalesce into
 * one more pass.
 */
export class RelayLoop {
  /** The log's newest position as this replica last saw it. */
  head = 0;
  /** (time, head) of recent passes, oldest first: where the log was a while ago. */
  private readonly heads: { readonly at: number; readonly head: number }[] = [];
  private timer: { readonly timeout?: NodeJS.Timeout; readonly immediate?: NodeJS.Immediate } | undefined;
  /** When the scheduled pass runs (to tell whether a nudge would bring it forward). */
  private dueAt = Number.POSITIVE_INFINITY;
  private running = false;
  private again = false;
  private stopped = false;
  private publishFailing = false;
  private heldBackLong = false;
  private placeFailing = false;
  private lastPrune = Date.now();
  private lastPlaced = 0;
  /** Since when committed events have waited behind a transaction still open (null: they do not). */
  private heldBackSince: number | null = null;
  private heldBackPasses = 0;

  constructor(
    /** The database's placing statement (`KyselyEventRelay`). */
    private readonly relay: Pick<EventRelay, 'place' | 'prune'>,
    private readonly options: RelayLoopOptions,
  ) {}

  start(): void {
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    this.clear();
  }

  /**
   * A write committed events: a pass runs soon. Every pass is a write transaction and a Redis round
   * trip, so while passes are busy (the last one carried many events) the next waits up to
   * `coalesceMs` to carry the events of many sends; a quiet replica relays within a millisecond
   * (bench/RESULTS.md has what the wait saves).
   */
  nudge(): void {
    if (this.running) this.again = true;
    else this.schedule(this.coalesce());
  }

  private coalesce(): number {
    return this.lastPlaced >= BUSY_PASS ? (this.options.coalesceMs ?? 20) : 0;
  }

  /**
   * Runs a pass in `ms`, unless one is due sooner already; 0: once this turn of the event loop's
   * I/O is done (`setImmediate`), which still folds the commits of that turn into one pass, where a
   * timer would wait for the loop's next timers phase (a millisecond at best, more on a busy machine).
   */
  private schedule(ms: number): void {
    if (this.stopped || Date.now() + ms >= this.dueAt) return;
    this.clear();
    this.dueAt = Date.now() + ms;
    const pass = () => void this.pass();
    this.timer = ms <= 0 ? { immediate: setImmediate(pass) } : { timeout: setTimeout(pass, ms) };
  }

  private clear(): void {
    clearTimeout(this.timer?.timeout);
    clearImmediate(this.timer?.immediate);
    this.timer = undefined;
  }

  private async pass(): Promise<void> {
    this.dueAt = Number.POSITIVE_INFINITY;
    this.running = true;
    this.again = false;
    let retryMs = this.options.intervalMs ?? 250;
    try {
      const { held, placed, head, pending } = await this.relay.place();
      this.lastPlaced = placed.length;
      this.head = Math.max(this.head, head);
      this.remember(Date.now());
      this.report('placeFailing', false, 'placing events again');
      if (placed.length > 0) {
        // Written to the bus first: other replicas' sockets do not wait for this replica's own to be sent to.
        const published = this.publish(placed);
        this.options.onPlaced(placed);
        await published;
      }
      // Not held: another replica's pass may have missed our commit. Pending: more to place, or
      // committed events wait behind a transaction still open (backing off while they do).
      const heldBack = held && pending && placed.length === 0;
      this.heldBackPasses = heldBack ? this.heldBackPasses + 1 : 0;
      this.heldBackSince = heldBack ? (this.heldBackSince ?? Date.now()) : null;
      this.report('heldBackLong', this.heldBackFor(Date.now()) > HELD_BACK_WARN_MS, 'events flow again', undefined,
        'committed events are held back by a transaction of this database still open (see pg_stat_activity)');
      if (!held || pending) retryMs = heldBack ? Math.min(200, 5 * 2 ** Math.min(this.heldBackPasses, 6)) : 5;
      await this.pruneNow();
    } catch (error) {
      this.report('placeFailing', true, 'cannot place events; retrying', error);
      retryMs = 1_000;
    } finally {
      this.running = false;
    }
    this.schedule(this.again ? this.coalesce() : retryMs);
  }

  /** The log's head as this replica saw it at `time` or before (0 if it had not looked yet). */
  headAsOf(time: number): number {
    let head = 0;
    for (const sample of this.heads) {
      if (sample.at > time) break;
      head = sample.head;
    }
    return head;
  }

  private remember(now: number): void {
    this.heads.push({ at: now, head: this.head });
    while (this.heads.length > 1 && (this.heads[1]?.at ?? now) < now - 30_000) this.heads.shift();
  }

  /** How long committed events have been held back, in ms (0: they are not). */
  heldBackFor(now: number): number {
    return this.heldBackSince === null ? 0 : now - this.heldBackSince;
  }

  private async publish(placed: readonly EncodedEvent[]): Promise<void> {
    if (!this.options.publish) return;
    try {
      await this.options.publish(placed);
      this.report('publishFailing', false, 'publishing events to Redis again');
    } catch (error) {
      // Readers notice the gap in positions and read these from the database.
      this.report('publishFailing', true, 'cannot publish events to Redis; replicas read them from the database', error);
    }
  }

  private async pruneNow(): Promise<void> {
    if (Date.now() - this.lastPrune < (this.options.pruneEveryMs ?? 10_000)) return;
    this.lastPrune = Date.now();
    const { count, minutes } = this.options.retention;
    await this.relay.prune(count, new Date(Date.now() - minutes * 60_000));
  }

  /** One line when a failure starts and one when it ends, not one per pass. */
  private report(
    flag: 'placeFailing' | 'publishFailing' | 'heldBackLong',
    failing: boolean,
    message: string,
    error?: unknown,
    failingMessage = message,
  ): void {
    if (this[flag] === failing) return;
    this[flag] = failing;
    if (failing) this.options.logger.warn(error === undefined ? {} : { err: error }, failingMessage);
    else this.options.logger.info(message);
  }
}

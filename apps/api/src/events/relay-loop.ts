import type { EncodedEvent } from '@chat/domain';
import type { Logger } from 'pino';

/** What the loop drives: the database's placing statement (`KyselyEventRelay`). */
export interface Relay {
  place(): Promise<{ held: boolean; placed: readonly EncodedEvent[]; head: number; pending: boolean }>;
  prune(keepCount: number, keepSince: Date): Promise<number>;
}

export interface RelayLoopOptions {
  /** Hands placed events to the bus (the Redis Stream); absent without Redis. */
  readonly publish?: (events: readonly EncodedEvent[]) => Promise<void>;
  /** Told after a pass placed events, so this replica's reader looks at once. */
  readonly onPlaced: () => void;
  readonly logger: Logger;
  readonly retention: { readonly count: number; readonly minutes: number };
  /** A pass runs at least this often: events of a replica that died before placing them still go out. */
  readonly intervalMs?: number;
  readonly pruneEveryMs?: number;
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
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private again = false;
  private stopped = false;
  private publishFailing = false;
  private placeFailing = false;
  private lastPrune = Date.now();

  constructor(
    private readonly relay: Relay,
    private readonly options: RelayLoopOptions,
  ) {}

  start(): void {
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  nudge(): void {
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.pass(), ms);
  }

  private async pass(): Promise<void> {
    this.running = true;
    this.again = false;
    let retryMs = this.options.intervalMs ?? 250;
    try {
      const { held, placed, head, pending } = await this.relay.place();
      this.head = Math.max(this.head, head);
      this.report('placeFailing', false, 'placing events again');
      if (placed.length > 0) {
        this.options.onPlaced();
        await this.publish(placed);
      }
      // Not held: another replica's pass may have missed our commit. Pending: more to place.
      if (!held || pending) retryMs = 5;
      await this.pruneNow();
    } catch (error) {
      this.report('placeFailing', true, 'cannot place events; retrying', error);
      retryMs = 1_000;
    } finally {
      this.running = false;
    }
    this.schedule(this.again ? 0 : retryMs);
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
    if (Date.now() - this.lastPrune < (this.options.pruneEveryMs ?? 60_000)) return;
    this.lastPrune = Date.now();
    const { count, minutes } = this.options.retention;
    await this.relay.prune(count, new Date(Date.now() - minutes * 60_000));
  }

  /** One line when a failure starts and one when it ends, not one per pass. */
  private report(flag: 'placeFailing' | 'publishFailing', failing: boolean, message: string, error?: unknown): void {
    if (this[flag] === failing) return;
    this[flag] = failing;
    if (failing) this.options.logger.warn({ err: error }, message);
    else this.options.logger.info(message);
  }
}

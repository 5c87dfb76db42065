import type { SweepOutcome } from '@chat/postgres';
import type { Logger } from 'pino';

/** What the loop drives: the database's sweep (`KyselySweeper`). */
export interface Sweeper {
  sweep(now: Date, batch?: number): Promise<SweepOutcome>;
}

const BATCH = 1000;
/** A sweep goes on in batches while they come back full, up to this many per run. */
const MAX_BATCHES = 20;

/**
 * Every `intervalMs`, deletes expired sessions, refresh tokens and idempotency keys. Every replica runs one; the
 * database lets one sweep at a time (the others find it held and wait for their next turn). Never
 * throws: a failed sweep is logged and tried again next time.
 */
export class SweepLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly sweeper: Sweeper,
    private readonly options: { readonly intervalMs: number; readonly logger: Logger; readonly now?: () => Date },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs);
    this.timer.unref();
  }

  /** One run (the timer's, or a test's): batches until one comes back short. */
  runOnce(): Promise<void> {
    this.running ??= this.run().finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async run(): Promise<void> {
    const total = { sessions: 0, refreshTokens: 0, idempotencyKeys: 0 };
    try {
      for (let batch = 0; batch < MAX_BATCHES; batch++) {
        const outcome = await this.sweeper.sweep(this.options.now?.() ?? new Date(), BATCH);
        if (!outcome.held) return;
        total.sessions += outcome.sessions;
        total.refreshTokens += outcome.refreshTokens;
        total.idempotencyKeys += outcome.idempotencyKeys;
        if (outcome.sessions < BATCH && outcome.refreshTokens < BATCH && outcome.idempotencyKeys < BATCH) break;
      }
      if (total.sessions + total.refreshTokens + total.idempotencyKeys > 0) this.options.logger.info(total, 'swept expired sessions, refresh tokens and idempotency keys');
    } catch (error) {
      this.options.logger.warn({ err: error }, 'sweeping expired sessions failed; trying again next time');
    }
  }
}

import type { Sweeper } from '@chat/domain';
import type { Logger } from 'pino';

/** Rows of each kind one slice deletes: each slice is its own short transaction. */
const SLICE = 1000;
/**
 * A run goes on slice after slice while any kind comes back full, for at most this long: a backlog
 * of any size is cleared in one run when the database can delete it in this time (bench/RESULTS.md,
 * "The sweep": far more than a user at the limits can create between two runs), and a larger one
 * is not allowed to hold the database for longer; the next run goes on.
 */
export const SWEEP_RUN_BUDGET_MS = 60_000;

/**
 * Every `intervalMs`, deletes expired sessions, refresh tokens and idempotency keys, and uploads never attached
 * (row and file). Every replica runs one; the
 * database lets one sweep at a time (the others find it held and wait for their next turn). Never
 * throws: a failed sweep is logged and tried again next time.
 */
export class SweepLoop {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly sweeper: Sweeper,
    private readonly options: { readonly intervalMs: number; readonly logger: Logger; readonly now?: () => Date; readonly budgetMs?: number },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs);
    this.timer.unref();
  }

  /** One run (the timer's, or a test's): slices until one comes back short, or the budget is spent. */
  runOnce(): Promise<void> {
    this.running ??= this.run().finally(() => (this.running = undefined));
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async run(): Promise<void> {
    const now = this.options.now ?? (() => new Date());
    const cutoff = now();
    const deadline = cutoff.getTime() + (this.options.budgetMs ?? SWEEP_RUN_BUDGET_MS);
    const total = { sessions: 0, refreshTokens: 0, idempotencyKeys: 0, uploads: 0 };
    let behind = false;
    try {
      for (;;) {
        const outcome = await this.sweeper.sweep(cutoff, SLICE);
        if (!outcome.held) break; // another replica sweeps now
        total.sessions += outcome.sessions;
        total.refreshTokens += outcome.refreshTokens;
        total.idempotencyKeys += outcome.idempotencyKeys;
        total.uploads += outcome.uploads;
        if (outcome.sessions < SLICE && outcome.refreshTokens < SLICE && outcome.idempotencyKeys < SLICE && outcome.uploads < SLICE) break;
        if (now().getTime() >= deadline) {
          behind = true;
          break;
        }
      }
      if (total.sessions + total.refreshTokens + total.idempotencyKeys + total.uploads > 0) {
        this.options.logger.info(total, 'swept expired sessions, refresh tokens, idempotency keys and uploads never attached');
      }
      if (behind) this.options.logger.warn(total, 'the sweep spent its time budget with expired rows left; the next run goes on');
    } catch (error) {
      this.options.logger.warn({ err: error }, 'sweeping expired rows or unattached uploads failed; trying again next time');
    }
  }
}

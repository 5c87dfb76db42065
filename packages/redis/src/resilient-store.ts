import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';

export type OutagePolicy =
  /** Let requests through uncounted while the shared store is away. */
  | { readonly kind: 'fail-open' }
  /** Count in this process's memory meanwhile: a per-replica limit rather than none. */
  | { readonly kind: 'fall-back'; readonly store: Store };

export interface StoreEvents {
  down(error: unknown): void;
  up(): void;
}

/**
 * Wraps the shared store with what a Redis outage means for one limiter. It reports the outage
 * once (not per request), retries the shared store at most every `retryMs`, and re-initializes it
 * on the way back, since a store whose set-up failed would otherwise never recover.
 */
export class ResilientStore implements Store {
  readonly localKeys = false;
  private options: Options | undefined;
  private healthy = false;
  private nextAttempt = 0;

  constructor(
    private readonly shared: Store,
    private readonly policy: OutagePolicy,
    private readonly events: StoreEvents,
    private readonly retryMs = 1_000,
  ) {}

  get prefix(): string | undefined {
    return this.shared.prefix;
  }

  async init(options: Options): Promise<void> {
    this.options = options;
    if (this.policy.kind === 'fall-back') await this.policy.store.init?.(options);
    await this.attempt(async () => undefined);
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const shared = await this.attempt(() => this.shared.increment(key));
    if (shared) return shared;
    if (this.policy.kind === 'fall-back') return this.policy.store.increment(key);
    // Failing open: nothing is counted, so every request looks like the first of its window.
    return { totalHits: 1, resetTime: new Date(Date.now() + (this.options?.windowMs ?? 0)) };
  }

  async decrement(key: string): Promise<void> {
    await this.attempt(() => this.shared.decrement(key));
    if (this.policy.kind === 'fall-back') await this.policy.store.decrement(key);
  }

  async resetKey(key: string): Promise<void> {
    await this.attempt(() => this.shared.resetKey(key));
    if (this.policy.kind === 'fall-back') await this.policy.store.resetKey(key);
  }

  /** Runs `operation` on the shared store when it is healthy or due for a retry; undefined otherwise. */
  private async attempt<T>(operation: () => T | Promise<T>): Promise<T | undefined> {
    if (!this.healthy && Date.now() < this.nextAttempt) return undefined;
    try {
      if (!this.healthy && this.options) await this.shared.init?.(this.options);
      const result = await operation();
      if (!this.healthy) {
        this.healthy = true;
        this.events.up();
      }
      return result;
    } catch (error) {
      if (this.healthy || this.nextAttempt === 0) this.events.down(error);
      this.healthy = false;
      this.nextAttempt = Date.now() + this.retryMs;
      return undefined;
    }
  }
}

import type { ReconnectOptions } from './types.js';

/**
 * Close codes after which reconnecting cannot help: 4004, the token was refused (bad, expired,
 * revoked, or the session logged out). Every other code reconnects with backoff, among them 4029
 * (too many sockets: from this address, for this user, or on this replica), where the growing
 * delay is what lets a place free up, and 1001 (the replica is stopping: resume on another).
 */
const FATAL = new Set([4004]);

export const reconnectsAfter = (code: number): boolean => !FATAL.has(code);

/**
 * The delay before reconnect number `attempt` (0 for the first since the last ready or resumed):
 * doubling from `minDelayMs`, at most `maxDelayMs`, then jittered down to half of that at random,
 * so clients dropped together do not come back together.
 */
export function backoffDelay(attempt: number, options: ReconnectOptions = {}, random: () => number = Math.random): number {
  const { minDelayMs = 500, maxDelayMs = 15_000 } = options;
  return Math.min(maxDelayMs, minDelayMs * 2 ** attempt) * (0.5 + random() / 2);
}

/** Reconnects one at a time, each later than the last, until `settled()` says a session came up. */
export class Reconnect {
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: ReconnectOptions = {}) {}

  /** A session is up (ready or resumed): the next drop starts the backoff afresh. */
  settled(): void {
    this.attempt = 0;
  }

  schedule(open: () => void): void {
    const delay = backoffDelay(this.attempt, this.options);
    this.attempt += 1;
    this.timer = setTimeout(open, delay);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}

import type { Clock, Throttle } from '@chat/domain';

/** Claims between two sweeps of the windows that ended. */
const SWEEP_EVERY = 1_000;

/** A throttle in this process's memory (the embedded default): each key's window ends at a time on `clock`. */
export class InProcessThrottle implements Throttle {
  private readonly windows = new Map<string, number>();
  private claims = 0;

  constructor(private readonly clock: Clock) {}

  async claim(key: string, windowMs: number): Promise<boolean> {
    const now = this.clock.now().getTime();
    if (++this.claims % SWEEP_EVERY === 0) this.sweep(now);
    const until = this.windows.get(key);
    if (until !== undefined && until > now) return false;
    this.windows.set(key, now + windowMs);
    return true;
  }

  /** Keys whose window ended are forgotten, so typing in many channels once does not keep memory. */
  private sweep(now: number): void {
    for (const [key, until] of this.windows) if (until <= now) this.windows.delete(key);
  }
}

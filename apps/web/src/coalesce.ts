/**
 * Runs a job once per key, a short while after it is first asked for: the burst of events one change
 * makes (a channel created, then its overwrite set; a role moved, shifting five others) becomes one
 * read. A job asked for while one is waiting joins it; one asked for after it started waits for the
 * next turn, so the last event of a burst is always followed by a read that starts after it.
 */
export interface Coalescer {
  schedule(key: string, job: () => void): void;
  /** Drops every waiting job (the session ended). */
  cancelAll(): void;
}

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: Timers = {
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

export function createCoalescer(delayMs: number, timers: Timers = globalTimers): Coalescer {
  const waiting = new Map<string, unknown>();
  return {
    schedule(key, job) {
      if (waiting.has(key)) return;
      const handle = timers.setTimeout(() => {
        waiting.delete(key);
        job();
      }, delayMs);
      waiting.set(key, handle);
    },
    cancelAll() {
      for (const handle of waiting.values()) timers.clearTimeout(handle);
      waiting.clear();
    },
  };
}

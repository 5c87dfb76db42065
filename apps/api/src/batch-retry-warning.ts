import type { Logger } from 'pino';

const EVERY_MS = 60_000;

/**
 * Warns that a batch of sends failed and each send was tried again alone: now and then that is one
 * bad send, but every time it is a batch statement that cannot succeed and doubles the database's
 * work. At most one line a minute, counting the batches since the last one.
 */
export function batchRetryWarning(logger: Logger, now: () => number = Date.now): (error: unknown, size: number) => void {
  let last = Number.NEGATIVE_INFINITY;
  let batches = 0;
  return (error, size) => {
    batches += 1;
    if (now() - last < EVERY_MS) return;
    logger.warn({ err: error, size, batches }, 'a batch of sends failed; each send was tried again alone');
    last = now();
    batches = 0;
  };
}

import type { Logger } from 'pino';

const EVERY_MS = 60_000;

/**
 * Warns that a batch of sends failed and each send was tried again alone: now and then that is one
 * bad send, but every time it is a batch statement that cannot succeed and doubles the database's
 * work. At most one line a minute, counting the batches since the last one. Only the SQLSTATE goes
 * in the line, never the error's text: PostgreSQL quotes a refused parameter in it, and a batch's
 * parameters are everyone's message contents.
 */
export function batchRetryWarning(logger: Logger, now: () => number = Date.now): (error: unknown, size: number) => void {
  let last = Number.NEGATIVE_INFINITY;
  let batches = 0;
  return (error, size) => {
    batches += 1;
    if (now() - last < EVERY_MS) return;
    logger.warn({ code: sqlState(error), size, batches }, 'a batch of sends failed; each send was tried again alone');
    last = now();
    batches = 0;
  };
}

/** The SQLSTATE (or a driver's code) of an error, or null: its only part that is safe to log. */
function sqlState(error: unknown): string | null {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return typeof code === 'string' ? code : null;
}

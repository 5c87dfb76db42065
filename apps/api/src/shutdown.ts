import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Lifecycle } from './app';

export interface ShutdownOptions {
  readonly delayMs: number;
  readonly timeoutMs: number;
  readonly logger: Logger;
  /** At the close: stop whatever is not a request (gateway sockets, loops, the metrics listener). */
  readonly stopServing: () => void;
  /** Once the last request is answered: let go of the pool, Redis, the tracer. Must not reject. */
  readonly release: () => Promise<unknown>;
}

/**
 * Graceful stop on SIGTERM or SIGINT: report not-ready at once and keep serving for `delayMs`, so a
 * balancer that polls /ready routes new requests elsewhere before the listener closes (closing it
 * resets connections still queued in the kernel). Then stop accepting, let requests in flight
 * finish (at most `timeoutMs`), release the rest and exit 0. A signal during the delay skips it; a
 * signal once closing has begun exits at once with 1.
 */
export function stopOnSignals(server: Server, lifecycle: Lifecycle, options: ShutdownOptions): void {
  const { logger } = options;
  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    closeServer(server, options);
  };
  const stop = (signal: string) => {
    if (closing) {
      // A signal after the close began (the second, or the third with a delay): the person at the
      // terminal means it, even if closing the pool or Redis hangs.
      logger.warn({ signal }, 'stopping now, without waiting');
      process.exit(1);
    }
    if (lifecycle.draining) {
      close();
      return;
    }
    lifecycle.draining = true;
    logger.info({ signal, delayMs: options.delayMs }, 'draining');
    if (options.delayMs === 0) close();
    else setTimeout(close, options.delayMs);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

function closeServer(server: Server, options: ShutdownOptions): void {
  const { logger } = options;
  const force = setTimeout(() => {
    logger.warn('requests still open at the shutdown timeout; closing them');
    server.closeAllConnections();
  }, options.timeoutMs);
  force.unref();
  // A keep-alive socket busy at the close is idle only once its response is written: close such
  // sockets as they become idle, instead of waiting for the timeout to cut them.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  sweep.unref();
  options.stopServing();
  server.close(() => {
    clearTimeout(force);
    clearInterval(sweep);
    // Not awaited: nothing waits on a close callback, and the process exits from here.
    void options.release().then(() => {
      logger.info('stopped');
      process.exit(0);
    });
  });
  server.closeIdleConnections();
}

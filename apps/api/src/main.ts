import { createServer } from 'node:http';
import { KyselyIdempotencyStore, pingDatabase } from '@chat/postgres';
import { createRedisClient, whenReady, type Redis } from '@chat/redis';
import type { Logger } from 'pino';
import { createApp, type Lifecycle } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { buildContainer, productionAdapters, resolveServices } from './container';
import { createLogger } from './observability/logger';
import { createRateLimiters } from './rate-limits/create-rate-limiters';
import { readinessOf } from './observability/readiness';
import { openStorage } from './storage/storage';
import { startEvents } from './events/start-events';
import { SweepLoop } from './housekeeping/sweep-loop';
import { Metrics } from './observability/metrics';
import { startMetricsServer } from './observability/metrics-server';
import { tracingFromConfig } from './observability/tracing-config';
import { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_KEY_TTL_MS } from './http/idempotency';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** Connection trouble is logged once per outage; the limiters report what it means for them. */
function connectRedis(url: string, logger: Logger): Redis {
  let reported = false;
  const redis = createRedisClient({
    url,
    onError: (error) => {
      if (!reported) logger.warn({ err: error }, 'cannot reach Redis; retrying in the background');
      reported = true;
    },
  });
  redis.on('ready', () => {
    if (reported) logger.info('reconnected to Redis');
    reported = false;
  });
  return redis;
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.LOG_LEVEL);
  let nudgeRelay = () => {};
  const metrics = new Metrics();
  const storage = await openStorage(
    config,
    logger,
    () => {
      logger.fatal('another replica took over this worker id: stopping before any id can repeat');
      process.exit(1);
    },
    () => nudgeRelay(),
    (size) => metrics.sendBatch(size),
  );
  const redis = config.REDIS_URL ? connectRedis(config.REDIS_URL, logger) : undefined;
  // Serve once Redis answers, so the first requests count; an absent Redis only delays the start.
  if (redis) await whenReady(redis, 3_000);

  const lifecycle: Lifecycle = { draining: false };
  const adapters = await productionAdapters(config, storage, logger);
  const services = resolveServices(buildContainer(adapters));
  const events = await startEvents(config, storage, services, redis, logger, (nudge) => (nudgeRelay = nudge), metrics);
  const sweeps = new SweepLoop(storage.sweeper, { intervalMs: config.SWEEP_INTERVAL_MS, logger });
  sweeps.start();
  const tracing = tracingFromConfig(config);
  if (tracing) logger.info('OpenTelemetry traces on: a span per request to the OTLP endpoint');
  const app = createApp(services, {
    logger,
    trustProxy: config.TRUST_PROXY,
    isUnavailable: storage.isUnavailable,
    rateLimiters: createRateLimiters(config, redis, logger, { devices: adapters.devices, onRefused: (limiter) => metrics.rateLimited(limiter) }),
    metrics,
    ...(tracing ? { tracing } : {}),
    idempotency: new KyselyIdempotencyStore(storage.db, IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_ABANDONED_MS),
    readiness: readinessOf({
      [storage.engine]: () => pingDatabase(storage.db),
      ...(redis ? { redis: () => redis.ping() } : {}),
      events: () => events.check(),
    }),
    lifecycle,
    logRequests: true,
    web: !config.DISABLE_WEB,
  });
  const metricsServer = startMetricsServer(metrics, config.METRICS_HOST, config.METRICS_PORT, (port) =>
    logger.info({ host: config.METRICS_HOST, port }, `metrics on http://${config.METRICS_HOST}:${port}/metrics`),
  );
  metricsServer.on('error', (error: NodeJS.ErrnoException) => {
    const reason = error.code === 'EADDRINUSE' ? `port ${config.METRICS_PORT} is already in use (METRICS_PORT=0 takes any free port)` : error.message;
    logger.fatal({ err: error }, `cannot serve metrics on ${config.METRICS_HOST}:${config.METRICS_PORT}: ${reason}`);
    process.exit(1);
  });
  const server = createServer(app);
  server.keepAliveTimeout = 65_000; // longer than a load balancer's idle timeout, so it closes first
  events.gateway.attach(server);

  server.on('error', (error: NodeJS.ErrnoException) => {
    const reason = error.code === 'EADDRINUSE' ? `port ${config.PORT} is already in use` : error.message;
    logger.fatal({ err: error }, `cannot listen on ${config.HOST}:${config.PORT}: ${reason}`);
    process.exit(1);
  });
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    logger.info({ host: config.HOST, port, engine: storage.engine }, `chat API listening on http://${config.HOST}:${port}`);
  });

  /*
   * Graceful stop: report not-ready at once and keep serving for SHUTDOWN_DELAY_MS, so a balancer
   * that polls /ready routes new requests elsewhere before the listener closes (closing it resets
   * connections still queued in the kernel). Then stop accepting, let requests in flight finish (at
   * most SHUTDOWN_TIMEOUT_MS), close the pool and Redis and exit 0. A signal during the delay skips
   * it; a signal once closing has begun exits at once with 1.
   */
  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => {
      logger.warn('requests still open at the shutdown timeout; closing them');
      server.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // A keep-alive socket busy at the close is idle only once its response is written: close such
    // sockets as they become idle, instead of waiting for the timeout to cut them.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    sweep.unref();
    // Gateway sockets are long-lived: close them now (1001), and their clients resume elsewhere.
    void events.stop();
    void sweeps.stop();
    metricsServer.close();
    server.close(() => {
      clearTimeout(force);
      clearInterval(sweep);
      // Not awaited: nothing waits on a close callback; allSettled cannot reject, and the process exits from here.
      void Promise.allSettled([storage.close(), redis?.quit(), tracing?.shutdown()]).then(() => {
        logger.info('stopped');
        process.exit(0);
      });
    });
    server.closeIdleConnections();
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
    logger.info({ signal, delayMs: config.SHUTDOWN_DELAY_MS }, 'draining');
    if (config.SHUTDOWN_DELAY_MS === 0) close();
    else setTimeout(close, config.SHUTDOWN_DELAY_MS);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

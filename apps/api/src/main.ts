import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { Express } from 'express';
import { KyselyIdempotencyStore, pingDatabase } from '@chat/postgres';
import { createRedisClient, whenReady, type RedisClient, type RedisTarget } from '@chat/redis';
import type { Logger } from 'pino';
import { createApp, type AppOptions, type Lifecycle } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { buildContainer, productionAdapters, resolveServices, systemClock, type Adapters } from './container';
import { createLogger } from './observability/logger';
import { createRateLimiters } from './rate-limits/create-rate-limiters';
import { readinessOf } from './observability/readiness';
import { openStorage, type Storage } from './storage/storage';
import { RedisWritePositions } from './storage/redis-write-positions';
import { CommitSignal } from './events/commit-signal';
import { startEvents, type RunningEvents } from './events/start-events';
import { openSignals } from './signals/open-signals';
import { presenceDeps } from './gateway/presence-tracker';
import { SweepLoop } from './housekeeping/sweep-loop';
import { Metrics } from './observability/metrics';
import { startMetricsServer } from './observability/metrics-server';
import { tracingFromConfig } from './observability/tracing-config';
import type { Tracing } from './observability/tracing';
import { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_KEY_TTL_MS } from './http/idempotency';
import { stopOnSignals } from './shutdown';
import { redisTargetOf } from './redis-target';

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
function connectRedis(target: RedisTarget, logger: Logger): RedisClient {
  let reported = false;
  const redis = createRedisClient({
    ...target,
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

/** Redis when REDIS_URL or REDIS_CLUSTER_NODES is set: served once it answers, so the first requests count; an absent Redis only delays the start. */
async function openRedis(config: Config, logger: Logger, metrics: Metrics): Promise<RedisClient | undefined> {
  const target = redisTargetOf(config);
  if (!target) return undefined;
  const redis = connectRedis(target, logger);
  await whenReady(redis, 3_000);
  metrics.attach({ redisUp: () => redis.status === 'ready' });
  return redis;
}

/** The edge's options: limiters, idempotency keys in the database, and what `/ready` asks. */
function appOptions(config: Config, parts: { storage: Storage; redis: RedisClient | undefined; adapters: Adapters; events: RunningEvents; metrics: Metrics; tracing: Tracing | undefined; logger: Logger; lifecycle: Lifecycle }): AppOptions {
  const { storage, redis, metrics, tracing, logger } = parts;
  return {
    logger,
    trustProxy: config.TRUST_PROXY,
    isUnavailable: storage.isUnavailable,
    rateLimiters: createRateLimiters(config, redis, logger, { devices: parts.adapters.devices, onRefused: (limiter) => metrics.rateLimited(limiter) }),
    metrics,
    ...(tracing ? { tracing } : {}),
    idempotency: new KyselyIdempotencyStore(storage.db, IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_ABANDONED_MS),
    ...(storage.replicas ? { callers: storage.replicas } : {}),
    readiness: readinessOf({
      [storage.engine]: () => pingDatabase(storage.db),
      ...(redis ? { redis: () => redis.ping() } : {}),
      ...(storage.fileStore.check ? { [storage.fileStore.engine]: storage.fileStore.check } : {}),
      events: () => parts.events.check(),
    }),
    lifecycle: parts.lifecycle,
    logRequests: true,
    web: !config.DISABLE_WEB,
    attachmentMaxBytes: config.ATTACHMENT_MAX_BYTES,
  };
}

function serveMetrics(config: Config, metrics: Metrics, logger: Logger): Server {
  const server = startMetricsServer(metrics, config.METRICS_HOST, config.METRICS_PORT, (port) =>
    logger.info({ host: config.METRICS_HOST, port }, `metrics on http://${config.METRICS_HOST}:${port}/metrics`),
  );
  server.on('error', (error: NodeJS.ErrnoException) => {
    const reason = error.code === 'EADDRINUSE' ? `port ${config.METRICS_PORT} is already in use (METRICS_PORT=0 takes any free port)` : error.message;
    logger.fatal({ err: error }, `cannot serve metrics on ${config.METRICS_HOST}:${config.METRICS_PORT}: ${reason}`);
    process.exit(1);
  });
  return server;
}

/** The API's listener; the gateway takes over its upgrades before it listens. */
function serveApi(config: Config, app: Express, events: RunningEvents, logger: Logger, engine: Storage['engine']): Server {
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
    logger.info({ host: config.HOST, port, engine }, `chat API listening on http://${config.HOST}:${port}`);
  });
  return server;
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const metrics = new Metrics();
  // Made before the storage that rings it and the event pipeline that hears it.
  const commits = new CommitSignal();
  // Before the storage: with read replicas, callers' write positions are shared through it.
  const redis = await openRedis(config, logger, metrics);
  const storage = await openStorage(config, logger, {
    onLeaseLost: () => {
      logger.fatal('another replica took over this worker id: stopping before any id can repeat');
      process.exit(1);
    },
    onEventsCommitted: () => commits.ring(),
    onSendBatch: (size) => metrics.sendBatch(size),
    ...(redis ? { writePositions: new RedisWritePositions(redis, config.REDIS_KEY_PREFIX) } : {}),
  });
  if (storage.replicas) {
    const replicas = storage.replicas;
    metrics.attach({ databaseReplicas: () => replicas.states() });
  }
  const signals = await openSignals(config, redis, systemClock, logger);
  const adapters = await productionAdapters(config, storage, signals, logger);
  const services = resolveServices(buildContainer(adapters));
  const presence = presenceDeps(services, randomUUID());
  const events = await startEvents(config, { storage, openSession: services.openGatewaySession, linkAttachment: (id) => services.linkAttachment.execute(id), presence, redis, commits, signals: signals.bus, logger, metrics });
  const sweeps = new SweepLoop(storage.sweeper, { intervalMs: config.SWEEP_INTERVAL_MS, logger });
  sweeps.start();
  const tracing = tracingFromConfig(config);
  if (tracing) logger.info('OpenTelemetry traces on: a span per request to the OTLP endpoint');

  const lifecycle: Lifecycle = { draining: false };
  const app = createApp(services, appOptions(config, { storage, redis, adapters, events, metrics, tracing, logger, lifecycle }));
  const metricsServer = serveMetrics(config, metrics, logger);
  const server = serveApi(config, app, events, logger, storage.engine);
  stopOnSignals(server, lifecycle, {
    delayMs: config.SHUTDOWN_DELAY_MS,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    logger,
    stopServing: () => {
      // Gateway sockets are long-lived: close them now (1001), and their clients resume elsewhere.
      events.stop();
      signals.close();
      void sweeps.stop();
      metricsServer.close();
    },
    // allSettled cannot reject.
    release: () => Promise.allSettled([storage.close(), redis?.quit(), tracing?.shutdown()]),
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

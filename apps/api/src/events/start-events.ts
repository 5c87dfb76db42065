import type { EventStream, OpenGatewaySession, SignalBus } from '@chat/domain';
import { createBlockingRedisClient, createRedisClient, RedisEventStream, ShardedRedisEventStream, whenReady, type RedisClient } from '@chat/redis';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { redisTargetOf } from '../redis-target';
import type { GatewayOptions } from '../gateway/gateway';
import type { PresenceDeps } from '../gateway/presence-tracker';
import type { Metrics } from '../observability/metrics';
import type { Storage } from '../storage/storage';
import type { CommitSignal } from './commit-signal';
import { createEventPipeline, type EventPipeline } from './event-pipeline';

const BLOCK_MS = 1_000;

/** A started pipeline: what the server attaches, asks and stops. */
export type RunningEvents = Omit<EventPipeline, 'start'>;

export interface EventsDeps {
  readonly storage: Pick<Storage, 'relay' | 'history'>;
  readonly openSession: OpenGatewaySession;
  /** A fresh download link for a message's file (`LinkAttachment`), signed into frames. */
  readonly linkAttachment: (attachmentId: string) => string;
  readonly presence: PresenceDeps;
  /** The main Redis client; absent without REDIS_URL or REDIS_CLUSTER_NODES. */
  readonly redis: RedisClient | undefined;
  readonly commits: CommitSignal;
  readonly signals: Pick<SignalBus, 'subscribe'>;
  readonly logger: Logger;
  readonly metrics?: Metrics;
}

/**
 * The event pipeline as configured, started: reads where the log stands, opens the Redis Stream
 * (with Redis; without it the reader polls the database, so replicas on one PostgreSQL still see
 * each other's events) and starts relaying and reading. `stop` also closes the stream's connection.
 */
export async function startEvents(config: Config, deps: EventsDeps): Promise<RunningEvents> {
  const log = await deps.storage.relay.head();
  const live = await openEventStream(config, deps.redis, log.logId, deps.metrics);
  const pipeline = createEventPipeline(
    {
      log,
      relay: deps.storage.relay,
      history: deps.storage.history,
      ...(live ? { stream: live.stream } : {}),
      commits: deps.commits,
      signals: deps.signals,
      openSession: deps.openSession,
      linkAttachment: deps.linkAttachment,
      presence: deps.presence,
      logger: deps.logger,
      ...(deps.metrics ? { metrics: deps.metrics } : {}),
    },
    {
      gateway: gatewayOptions(config),
      retention: { count: config.EVENTS_RETENTION_COUNT, minutes: config.EVENTS_RETENTION_MINUTES },
      blockMs: BLOCK_MS,
    },
  );
  pipeline.start();
  return {
    gateway: pipeline.gateway,
    check: () => pipeline.check(),
    stop() {
      pipeline.stop();
      for (const connection of live?.connections ?? []) connection.disconnect();
    },
  };
}

/**
 * The stream over a connection of its own, since a blocking read holds it: one stream key on one
 * Redis, the events sharded by server over several keys on a cluster (spread over its masters), of
 * which the reader reads only those its sockets need.
 */
async function openEventStream(
  config: Config,
  redis: RedisClient | undefined,
  logId: string,
  metrics: Pick<Metrics, 'eventShardRead' | 'eventIndexRead'> | undefined,
): Promise<{ stream: EventStream; connections: RedisClient[] } | undefined> {
  const target = redisTargetOf(config);
  if (!redis || !target) return undefined;
  // Its errors are the main client's too, which reports them; the reader says what they mean.
  const connection = createBlockingRedisClient(target, BLOCK_MS, () => {});
  await whenReady(connection, 3_000);
  if (!('nodes' in target)) return { stream: new RedisEventStream(redis, connection, config.REDIS_KEY_PREFIX, logId), connections: [connection] };
  // The shards' rings: a reader waits for those of its shards, not for every pass of the fleet.
  const bells = createRedisClient({ ...target, onError: () => {} });
  await whenReady(bells, 3_000);
  const options = { bells, ...(metrics ? { onShardRead: (shard: number) => metrics.eventShardRead(shard), onIndexRead: () => metrics.eventIndexRead() } : {}) };
  return { stream: new ShardedRedisEventStream(redis, connection, config.REDIS_KEY_PREFIX, logId, options), connections: [connection, bells] };
}

function gatewayOptions(config: Config): GatewayOptions {
  return {
    heartbeatMs: config.GATEWAY_HEARTBEAT_MS,
    identifyTimeoutMs: config.GATEWAY_IDENTIFY_TIMEOUT_MS,
    maxBufferBytes: config.GATEWAY_MAX_BUFFER_BYTES,
    maxReplayEvents: config.GATEWAY_MAX_REPLAY_EVENTS,
    doors: {
      maxSockets: config.GATEWAY_MAX_SOCKETS,
      maxPerAddress: config.GATEWAY_MAX_SOCKETS_PER_ADDRESS,
      maxPerUser: config.GATEWAY_MAX_SOCKETS_PER_USER,
      allowedOrigins: config.GATEWAY_ALLOWED_ORIGINS,
      trustProxy: config.TRUST_PROXY,
    },
  };
}

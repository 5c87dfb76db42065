import { createBlockingRedisClient, RedisEventStream, whenReady, type Redis } from '@chat/redis';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { Gateway } from '../gateway/gateway';
import type { AppServices } from '../services';
import type { Storage } from '../storage/storage';
import { EventReader } from './event-reader';
import type { Metrics } from '../observability/metrics';
import { HELD_BACK_WARN_MS, RelayLoop } from './relay-loop';

const BLOCK_MS = 1_000;
/** A reader that has not caught up with the log's head for this long makes the replica not ready. */
const STALL_MS = 5_000;

/**
 * Whether a reader is stuck behind the log: it has not reached where the log's head was `stallMs`
 * ago (a reader that keeps up under load is always a little behind the head of this instant).
 */
export function readerStalled(position: number, relay: { headAsOf(time: number): number }, now: number, stallMs = STALL_MS): boolean {
  return position < relay.headAsOf(now - stallMs);
}

export interface Events {
  readonly gateway: Gateway;
  /** Throws while this replica's reader is stuck behind the log (for `/ready`). */
  check(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The event pipeline of one replica: the relay (places committed events, hands them to the Redis
 * Stream), the reader (this replica's one reader of the log) and the gateway it feeds. Without
 * Redis the reader polls the database, so replicas on one PostgreSQL still see each other's events.
 */
export async function startEvents(
  config: Config,
  storage: Storage,
  services: AppServices,
  redis: Redis | undefined,
  logger: Logger,
  setRelayNudge: (nudge: () => void) => void,
  metrics?: Metrics,
): Promise<Events> {
  const { logId, head } = await storage.relay.head();
  // Its errors are the main client's too, which reports them; the reader says what they mean.
  const blocking = config.REDIS_URL ? createBlockingRedisClient(config.REDIS_URL, BLOCK_MS, () => {}) : undefined;
  if (blocking) await whenReady(blocking, 3_000);
  const stream = redis && blocking ? new RedisEventStream(redis, blocking, config.REDIS_KEY_PREFIX, logId) : undefined;

  let gateway: Gateway | undefined;
  const reader = new EventReader({
    history: storage.history,
    ...(stream ? { live: stream } : {}),
    onEvents: (events) => gateway?.deliver(events),
    logger,
    blockMs: BLOCK_MS,
  });
  const relay = new RelayLoop(storage.relay, {
    ...(stream ? { publish: (events) => stream.publish(events) } : {}),
    onPlaced: () => reader.nudge(),
    logger,
    retention: { count: config.EVENTS_RETENTION_COUNT, minutes: config.EVENTS_RETENTION_MINUTES },
  });
  gateway = new Gateway(
    {
      openSession: services.openGatewaySession,
      history: storage.history,
      readerPosition: () => reader.position,
      logId,
      logger,
      ...(metrics
        ? {
            onDelivered: () => metrics.eventsDelivered(),
            onSlowConsumerClosed: () => metrics.slowConsumerClosed(),
            onRefused: (why) => metrics.gatewayRefused(why),
          }
        : {}),
    },
    {
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
    },
  );
  setRelayNudge(() => relay.nudge());
  metrics?.attach({
    gatewayConnections: () => gateway?.size ?? 0,
    eventReaderLag: () => Math.max(0, relay.head - reader.position),
    ...(redis ? { redisUp: () => redis.status === 'ready' } : {}),
  });
  // This replica hands on what is placed from now; connections catch up on the rest from the log.
  reader.start(head);
  relay.start();

  return {
    gateway,
    async check() {
      if (readerStalled(reader.position, relay, Date.now())) {
        throw new Error(`the event reader is at ${reader.position}, the log at ${relay.head}`);
      }
      if (relay.heldBackFor(Date.now()) > HELD_BACK_WARN_MS) throw new Error('committed events are held back by an open transaction');
    },
    async stop() {
      gateway?.close();
      reader.stop();
      relay.stop();
      blocking?.disconnect();
    },
  };
}


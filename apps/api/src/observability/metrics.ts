import { poolStats } from '@chat/postgres';
import type { RequestHandler } from 'express';
import type { Refusal } from '../gateway/doors';
import { routeTemplateOf } from '../http/request-context';
import client from 'prom-client';

const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];
type Label = 'route' | 'method' | 'status_class';

/** What the metrics read when scraped: gauges of things that already keep their own state. */
export interface MetricsSources {
  /** Whether Redis answers (absent without `REDIS_URL`). */
  readonly redisUp?: () => boolean;
  /** Open gateway sockets. */
  readonly gatewayConnections?: () => number;
  /** How many events this replica's reader is behind the log's head. */
  readonly eventReaderLag?: () => number;
  /** Each PostgreSQL read replica (`DATABASE_REPLICA_URLS`, in its order): in rotation or not, and its lag as last measured. */
  readonly databaseReplicas?: () => readonly { readonly inRotation: boolean; readonly lagMs: number }[];
}

/**
 * This replica's metrics in the Prometheus text format (`GET /metrics`). Labels are route templates,
 * methods, status classes, limiter and pool names: never a user id, a token or a raw path (the
 * template of `/api/invites/:code` is all that names an invite).
 */
export class Metrics {
  readonly registry = new client.Registry();
  private sources: MetricsSources = {};

  private readonly requests = new client.Counter({
    name: 'chat_http_requests_total',
    help: 'HTTP requests answered, by route template, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    registers: [this.registry],
  });

  private readonly duration = new client.Histogram({
    name: 'chat_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  private readonly refusals = new client.Counter({
    name: 'chat_rate_limit_refusals_total',
    help: 'Requests refused 429, by limiter',
    labelNames: ['limiter'] as const,
    registers: [this.registry],
  });

  private readonly batches = new client.Histogram({
    name: 'chat_send_batch_size',
    help: 'Messages written together by one statement (same-turn batching of sends)',
    buckets: [1, 2, 4, 8, 16, 32, 64, 100],
    registers: [this.registry],
  });

  private readonly delivered = new client.Counter({
    name: 'chat_gateway_events_delivered_total',
    help: 'Events sent to gateway sockets (one per socket that got it)',
    registers: [this.registry],
  });

  private readonly slowCloses = new client.Counter({
    name: 'chat_gateway_slow_consumer_closes_total',
    help: 'Gateway sockets closed 4020 for reading too slowly',
    registers: [this.registry],
  });

  private readonly refused = new client.Counter({
    name: 'chat_gateway_refused_total',
    help: 'Gateway sockets turned away at the door: by a full cap (replica, address, user; closed 4029) or a foreign origin (403)',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  private readonly shardReads = new client.Counter({
    name: 'chat_event_shard_reads_total',
    help: "Reads of an event shard stream by this replica's reader, by shard (on a Redis Cluster only: it reads the shards its sockets need)",
    labelNames: ['shard'] as const,
    registers: [this.registry],
  });

  private readonly indexReads = new client.Counter({
    name: 'chat_event_index_reads_total',
    help: "Reads of the event index stream by this replica's reader (on a Redis Cluster only: once per ring of a shard its sockets need, or per second, unless it needs every shard)",
    registers: [this.registry],
  });

  constructor() {
    client.collectDefaultMetrics({ register: this.registry, prefix: 'chat_' });
    const sources = () => this.sources;
    new client.Gauge({
      name: 'chat_db_pool_connections',
      help: 'Database pool connections by pool and state (in_use, idle, and waiting: requests queued for a connection)',
      labelNames: ['pool', 'state'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const stats of poolStats()) {
          this.set({ pool: stats.pool, state: 'in_use' }, stats.inUse);
          this.set({ pool: stats.pool, state: 'idle' }, stats.idle);
          this.set({ pool: stats.pool, state: 'waiting' }, stats.waiting);
        }
      },
    });
    new client.Gauge({
      name: 'chat_gateway_connections',
      help: 'Open gateway sockets on this replica',
      registers: [this.registry],
      collect() {
        this.set(sources().gatewayConnections?.() ?? 0);
      },
    });
    new client.Gauge({
      name: 'chat_event_reader_lag_events',
      help: "How many events this replica's reader is behind the log's head",
      registers: [this.registry],
      collect() {
        this.set(sources().eventReaderLag?.() ?? 0);
      },
    });
  }

  /** Plugs in what is known only once the replica runs (the gateway, the reader, Redis). */
  attach(sources: MetricsSources): void {
    this.sources = { ...this.sources, ...sources };
    // Registered only with Redis: a 0 exported by a replica that has none would fire every alert on it.
    const replicas = sources.databaseReplicas;
    if (replicas && !this.registry.getSingleMetric('chat_db_replica_in_rotation')) this.replicaGauges(replicas);
    const redisUp = sources.redisUp;
    if (redisUp && !this.registry.getSingleMetric('chat_redis_up')) {
      new client.Gauge({
        name: 'chat_redis_up',
        help: '1 while Redis answers, 0 while it is away (absent without REDIS_URL)',
        registers: [this.registry],
        collect() {
          this.set(redisUp() ? 1 : 0);
        },
      });
    }
  }

  /**
   * Only with read replicas, labelled by each one's place in `DATABASE_REPLICA_URLS` (0, 1, …; never
   * its URL, which may hold a password). A replica that never answered has no lag to show: +Inf.
   */
  private replicaGauges(replicas: NonNullable<MetricsSources['databaseReplicas']>): void {
    new client.Gauge({
      name: 'chat_db_replica_in_rotation',
      help: 'Whether a read replica serves reads now (1), or is out: it failed, or lags past DATABASE_REPLICA_MAX_LAG_MS (0)',
      labelNames: ['replica'] as const,
      registers: [this.registry],
      collect() {
        for (const [index, state] of replicas().entries()) this.set({ replica: String(index) }, state.inRotation ? 1 : 0);
      },
    });
    new client.Gauge({
      name: 'chat_db_replica_lag_seconds',
      help: "How long ago the primary first held WAL a read replica has not replayed yet, as last polled (0: caught up)",
      labelNames: ['replica'] as const,
      registers: [this.registry],
      collect() {
        for (const [index, state] of replicas().entries()) this.set({ replica: String(index) }, state.lagMs / 1000);
      },
    });
  }

  /**
   * The counter and histogram children of one label set, made once: prom-client hashes the labels
   * on every `inc`/`observe` otherwise, a cost on every request that an A/B (`bench/ab.cjs`) shows.
   * Bounded: routes, methods and status classes are few.
   */
  private readonly children = new Map<string, { readonly count: ReturnType<client.Counter<Label>["labels"]>; readonly time: ReturnType<client.Histogram<Label>["labels"]> }>();

  /** Counts and times every request by the route it matched (`none` when no route did). */
  middleware(): RequestHandler {
    return (req, res, next) => {
      const started = performance.now();
      res.once('close', () => {
        const route = routeTemplateOf(req) ?? 'none';
        const statusClass = res.statusCode >= 100 && res.statusCode < 600 ? STATUS_CLASSES[Math.floor(res.statusCode / 100)]! : 'other';
        const key = `${route} ${req.method} ${statusClass}`;
        let child = this.children.get(key);
        if (!child) {
          const labels = { route, method: req.method, status_class: statusClass };
          child = { count: this.requests.labels(labels), time: this.duration.labels(labels) };
          this.children.set(key, child);
        }
        child.count.inc();
        child.time.observe((performance.now() - started) / 1000);
      });
      next();
    };
  }

  rateLimited(limiter: string): void {
    this.refusals.inc({ limiter });
  }

  sendBatch(size: number): void {
    this.batches.observe(size);
  }

  eventsDelivered(count = 1): void {
    this.delivered.inc(count);
  }

  eventShardRead(shard: number): void {
    this.shardReads.inc({ shard: String(shard) });
  }

  eventIndexRead(): void {
    this.indexReads.inc();
  }

  slowConsumerClosed(): void {
    this.slowCloses.inc();
  }

  gatewayRefused(reason: Refusal): void {
    this.refused.inc({ reason });
  }

  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

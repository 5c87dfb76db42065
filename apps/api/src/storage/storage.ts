import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { EventHistory, EventRelay, FileStore, IdGenerator, Stores, Sweeper, UnitOfWork } from '@chat/domain';
import { ChannelRoutes, createKyselyStores, KyselyEventHistory, KyselyEventRelay, KyselySweeper, KyselyUnitOfWork, isDatabaseUnavailable, isTransientConflict, leaseWorkerId, migrateToLatest, openPglite, openPostgres, type ChatDatabase, type RoutedReads, type WritePositions } from '@chat/postgres';
import { SnowflakeIdGenerator } from '@chat/snowflake';
import type { Logger } from 'pino';
import { batchRetryWarning } from './batch-retry-warning';
import { privateDataDir } from './data-dir';
import { openFileStore, type OpenedFileStore } from './file-store';
import { openReplicaReads } from './replicas';
import { IDEMPOTENCY_KEY_TTL_MS } from '../http/idempotency';
import type { Config } from '../config';

export interface Storage {
  readonly engine: 'postgres' | 'pglite';
  readonly db: ChatDatabase;
  readonly stores: Stores;
  readonly unitOfWork: UnitOfWork;
  readonly history: EventHistory;
  readonly relay: EventRelay;
  readonly sweeper: Sweeper;
  /** Uploads' bytes: an S3 bucket, or the disk under DATA_DIR. */
  readonly files: FileStore;
  readonly fileStore: Pick<OpenedFileStore, 'engine' | 'check'>;
  readonly ids: IdGenerator;
  readonly isUnavailable: (error: unknown) => boolean;
  /** With DATABASE_REPLICA_URLS: runs each request as its caller, so reads can go to replicas with read-your-writes. */
  readonly replicas?: RoutedReads;
  close(): Promise<void>;
}

const LEASE_TTL_SECONDS = 300;
const HOT_POOL_SIZE = 5;
const LEASE_RENEW_MS = 60_000;

export function openDatabase(config: Config, logger: Logger): ChatDatabase {
  return config.DATABASE_URL
    ? openPostgres({ url: config.DATABASE_URL, name: 'main', onIdleError: (error) => logger.warn({ err: error }, 'a database connection dropped') })
    : openPglite(privateDataDir(config.DATA_DIR));
}

/**
 * On PostgreSQL, a second, smaller pool for the message page and send statements, planned once per
 * connection (see `genericPlans`); the main pool keeps PostgreSQL's default planning for the rest.
 */
function openHotDatabase(config: Config, logger: Logger): ChatDatabase | undefined {
  if (!config.DATABASE_URL) return undefined;
  return openPostgres({
    name: 'hot',
    url: config.DATABASE_URL,
    poolSize: HOT_POOL_SIZE,
    genericPlans: true,
    onIdleError: (error) => logger.warn({ err: error }, 'a database connection dropped'),
  });
}

/** Migrations run on a connection of their own, without the per-query time limit of requests. */
export async function migrate(config: Config, db: ChatDatabase): Promise<Awaited<ReturnType<typeof migrateToLatest>>> {
  if (!config.DATABASE_URL) return migrateToLatest(db);
  const migrator = openPostgres({ url: config.DATABASE_URL, poolSize: 1, queryTimeoutMs: 0 });
  try {
    return await migrateToLatest(migrator);
  } finally {
    await migrator.destroy();
  }
}

export interface StorageHooks {
  /** Another replica took this one's worker id over. */
  readonly onLeaseLost: () => void;
  /** A write committed events: the relay should place them. */
  readonly onEventsCommitted?: () => void;
  /** A statement wrote this many sends together (metrics). */
  readonly onSendBatch?: (size: number) => void;
  /** Where callers' last write positions are shared (Redis), with DATABASE_REPLICA_URLS; this process by default. */
  readonly writePositions?: WritePositions;
}

/**
 * PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR. Migrates on open (safe from
 * several replicas at once) and, on PostgreSQL, leases a snowflake worker id so replicas never
 * mint the same id. Uploads' bytes go to an S3 bucket when S3_BUCKET is set, else the disk.
 */
export async function openStorage(config: Config, logger: Logger, hooks: StorageHooks): Promise<Storage> {
  const { onLeaseLost, onEventsCommitted = () => {}, onSendBatch } = hooks;
  const engine = config.DATABASE_URL ? 'postgres' : 'pglite';
  const db = openDatabase(config, logger);
  await migrate(config, db);

  let workerId = config.WORKER_ID ?? 0;
  let stopLease = async () => {};
  if (engine === 'postgres' && config.WORKER_ID === undefined) {
    const lease = await leaseWorkerId(db, `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`, LEASE_TTL_SECONDS);
    workerId = lease.workerId;
    const timer = setInterval(() => {
      lease.renew().then(
        (held) => held || onLeaseLost(),
        (error: unknown) => logger.warn({ err: error }, 'could not renew the worker id lease; retrying'),
      );
    }, LEASE_RENEW_MS);
    timer.unref();
    stopLease = async () => {
      clearInterval(timer);
      await lease.release();
    };
  }
  const hot = openHotDatabase(config, logger);
  const replicas = await openReplicaReads(config, { db, hot: hot ?? db }, hooks.writePositions, logger);
  const files = await openFileStore(config, logger);
  logger.info({ engine, workerId, files: files.engine }, 'storage ready');
  // Each channel's route (docs/sharding.md), learned once per process and shared by the stores and units of work.
  const routes = new ChannelRoutes();

  return {
    engine,
    db,
    stores: createKyselyStores(db, { hot, routes, ...(replicas ? { reads: replicas.reads } : {}), onBatchRetriedAlone: batchRetryWarning(logger), onSendsCommitted: onEventsCommitted, ...(onSendBatch ? { onSendBatch } : {}) }),
    unitOfWork: new KyselyUnitOfWork(db, onEventsCommitted, routes),
    history: new KyselyEventHistory(db),
    relay: new KyselyEventRelay(db),
    sweeper: new KyselySweeper(db, IDEMPOTENCY_KEY_TTL_MS, files.files),
    files: files.files,
    fileStore: { engine: files.engine, ...(files.check ? { check: files.check } : {}) },
    ids: new SnowflakeIdGenerator(workerId),
    // A conflict still unsettled after the unit of work's retries is a moment's contention: retry shortly.
    isUnavailable: (error) => isDatabaseUnavailable(error) || isTransientConflict(error),
    ...(replicas ? { replicas: replicas.reads } : {}),
    async close() {
      await replicas?.close();
      await stopLease().catch((error: unknown) => logger.warn({ err: error }, 'could not release the worker id lease'));
      await Promise.all([db.destroy(), hot?.destroy()]);
      files.close();
    },
  };
}

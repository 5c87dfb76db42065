import { MemoryWritePositions, openPostgres, RoutedReads, type ChatDatabase, type WritePositions } from '@chat/postgres';
import type { Logger } from 'pino';
import type { Config } from '../config';

const REPLICA_POOL_SIZE = 5;
const POLL_MS = 200;

/** A replica's URL as the logs may show it: host, port and database, never the password. */
const shownUrl = (url: string): string => {
  const { host, pathname } = new URL(url);
  return `${host}${pathname}`;
};

export interface OpenedReplicas {
  readonly reads: RoutedReads;
  close(): Promise<void>;
}

/**
 * With DATABASE_REPLICA_URLS, the reads that tolerate a replica go to them (see `RoutedReads`): each
 * replica gets two pools, as the primary has (the marked page statement on generically planned
 * connections, the rest planned per call). Positions live in Redis when there is one (every API
 * process must see a caller's writes), else in this process, which is then the only one.
 */
export async function openReplicaReads(config: Config, primary: { db: ChatDatabase; hot: ChatDatabase }, positions: WritePositions | undefined, logger: Logger): Promise<OpenedReplicas | undefined> {
  const urls = config.DATABASE_REPLICA_URLS;
  if (!urls || !config.DATABASE_URL) return undefined;
  const onIdleError = (error: Error) => logger.debug({ err: error }, 'a replica connection dropped');
  const replicas = urls.map((url, index) => ({
    db: openPostgres({ url, name: `replica-${index}`, poolSize: REPLICA_POOL_SIZE, onIdleError }),
    hot: openPostgres({ url, name: `replica-${index}-hot`, poolSize: REPLICA_POOL_SIZE, genericPlans: true, onIdleError }),
  }));
  if (!positions) logger.warn('DATABASE_REPLICA_URLS without REDIS_URL: each caller\'s last write is known to this process only (right for one API process; several need Redis)');
  const reads = new RoutedReads(primary, replicas, positions ?? new MemoryWritePositions(), {
    maxLagMs: config.DATABASE_REPLICA_MAX_LAG_MS,
    pollMs: POLL_MS,
    onReplicaFailed: (index, error) => logger.warn({ err: error, replica: shownUrl(urls[index]!) }, 'a read replica failed: out of rotation, its reads go to the primary'),
    onReplicaBack: (index) => logger.info({ replica: shownUrl(urls[index]!) }, 'a read replica answers again'),
    onReadRetried: (index, error) => logger.debug({ err: error, replica: shownUrl(urls[index]!) }, 'a read failed on a replica and was run on the primary'),
    onPositionLost: (error) => logger.warn({ err: error }, 'could not keep a write\'s position: this process reads from the primary for a while'),
  });
  await reads.start();
  logger.info({ replicas: urls.map(shownUrl), maxLagMs: config.DATABASE_REPLICA_MAX_LAG_MS }, 'reads that tolerate a replica go to the read replicas');
  return {
    reads,
    async close() {
      await reads.close();
      await Promise.all(replicas.flatMap(({ db, hot }) => [db.destroy(), hot.destroy()]));
    },
  };
}

import { lazilyDecoded, type EncodedEvent, type LoggedEvent } from '@chat/domain';
import { Redis } from 'ioredis';

/** The stream keeps a live tail only: replays read the database's log, which the stream mirrors. */
const MAX_LENGTH = 10_000;
const READ_COUNT = 500;
const EXPIRE_MS = 24 * 3_600_000;

/**
 * The bus between replicas: a Redis Stream whose entry ids are the log's positions (`<pos>-0`).
 * Publishing is idempotent (Redis refuses an id at or below the stream's last), and a reader that
 * sees positions jump knows exactly what it missed (a relay that died between placing and
 * publishing, a Redis restart) and reads that from the log. A Stream, not pub/sub: a reader that
 * was away reads on from its last id.
 */
export class RedisEventStream {
  private readonly key: string;

  constructor(
    private readonly redis: Redis,
    /** A connection of its own: a blocking read holds it. */
    private readonly reader: Redis,
    prefix: string,
    logId: string,
  ) {
    this.key = `${prefix}events:${logId}`;
  }

  async publish(events: readonly EncodedEvent[]): Promise<void> {
    if (events.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const { position, id, type, data } of events) pipeline.xadd(this.key, 'MAXLEN', '~', MAX_LENGTH, `${position}-0`, 'i', id, 't', type, 'd', data);
    // A stream nobody writes to any more (its database was replaced, the fleet is gone) goes away.
    pipeline.pexpire(this.key, EXPIRE_MS);
    const results = (await pipeline.exec()) ?? [];
    // An id at or below the last one is already there (another relay published it): that is success.
    const failed = results.find(([error]) => error && !/equal or smaller/.test(error.message));
    if (failed?.[0]) throw failed[0];
  }

  /** Entries after `position`, waiting up to `blockMs` for one; empty when none came. */
  async read(position: number, blockMs: number): Promise<LoggedEvent[]> {
    const reply = await this.reader.xread('COUNT', READ_COUNT, 'BLOCK', blockMs, 'STREAMS', this.key, `${position}-0`);
    const entries = reply?.[0]?.[1] ?? [];
    return entries.map(([entryId, [, id = '', , type = '', , data = '']]) => lazilyDecoded(Number(entryId.slice(0, entryId.indexOf('-'))), id, type, data));
  }
}

/** A client for blocking reads: like `createRedisClient`'s, with room for the block in its timeout. */
export function createBlockingRedisClient(url: string, blockMs: number, onError?: (error: Error) => void): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: blockMs + 2_000,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  client.on('error', (error: Error) => onError?.(error));
  return client;
}

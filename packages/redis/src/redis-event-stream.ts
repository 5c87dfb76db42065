import { lazilyDecoded } from '@chat/contract';
import type { EncodedEvent, EventStream, LoggedEvent } from '@chat/domain';
import { createRedisClient, type RedisClient, type RedisTarget } from './redis-client';

/** Redis refused an entry id at or below the stream's last: another relay published that pass. */
export const isAlreadyThere = (error: Error): boolean => /equal or smaller/.test(error.message);

/** The stream keeps a live tail only: replays read the database's log, which the stream mirrors. */
export const KEEP_EVENTS = 10_000;
export const READ_COUNT = 20;
export const EXPIRE_MS = 24 * 3_600_000;

/**
 * The bus between replicas: a Redis Stream with one entry per relay pass, whose id is the pass's
 * last position (`<pos>-0`) and whose fields are its first position and its events, packed into one
 * string. One entry per pass, not per event: a busy pass carries tens of events, and writing and
 * parsing each as an entry of its own was most of what the events cost the API's process.
 * Publishing is idempotent (Redis refuses an id at or below the stream's last), and a reader that
 * sees positions jump knows exactly what it missed (a relay that died between placing and
 * publishing, a Redis restart) and reads that from the log. A Stream, not pub/sub: a reader that
 * was away reads on from its last id. The key names the entry format, so replicas of two versions
 * never read each other's entries (each reads the other's events from the database).
 */
export class RedisEventStream implements EventStream {
  private readonly key: string;

  constructor(
    private readonly redis: RedisClient,
    /** A connection of its own: a blocking read holds it. */
    private readonly reader: RedisClient,
    prefix: string,
    logId: string,
  ) {
    this.key = `${prefix}events:v4:${logId}`;
  }

  /** Publishes one pass's events: consecutive positions, in order. */
  async publish(events: readonly EncodedEvent[]): Promise<void> {
    const first = events[0];
    const last = events[events.length - 1];
    if (!first || !last) return;
    if (last.position - first.position !== events.length - 1) throw new Error('a stream entry holds consecutive positions only');
    const pipeline = this.redis.pipeline();
    pipeline.xadd(this.key, 'MINID', '~', Math.max(0, last.position - KEEP_EVENTS), `${last.position}-0`, 'f', first.position, 'e', pack(events));
    // A stream nobody writes to any more (its database was replaced, the fleet is gone) goes away.
    pipeline.pexpire(this.key, EXPIRE_MS);
    const results = (await pipeline.exec()) ?? [];
    // An id at or below the last one is already there (another relay published it): that is success.
    const failed = results.find(([error]) => error && !isAlreadyThere(error));
    if (failed?.[0]) throw failed[0];
  }

  /** Events after `position`, waiting up to `blockMs` for some; empty when none came. */
  async read(position: number, blockMs: number): Promise<LoggedEvent[]> {
    const reply = await this.reader.xread('COUNT', READ_COUNT, 'BLOCK', blockMs, 'STREAMS', this.key, `${position}-0`);
    const events: LoggedEvent[] = [];
    for (const [, fields] of reply?.[0]?.[1] ?? []) {
      const first = Number(fields[fields.indexOf('f') + 1]);
      unpack(fields[fields.indexOf('e') + 1] ?? '', first, position, events);
    }
    return events;
  }
}

/**
 * Each event as `<id> <type> <server> <subject> <channel> <length>\n<data>`, end to end, `-` for a
 * route's null (ids and types hold no space or newline). The route travels with the text so that a
 * reader routes without decoding (format v4; v3 had no channel, v2 no route).
 */
export function pack(events: readonly EncodedEvent[]): string {
  let packed = '';
  for (const { id, type, serverId, subjectId, channelId, data } of events) {
    packed += `${id} ${type} ${serverId ?? '-'} ${subjectId ?? '-'} ${channelId ?? '-'} ${data.length}\n${data}`;
  }
  return packed;
}

const routeId = (field: string): string | null => (field === '-' ? null : field);

/** Appends the events of `packed` (the first at position `first`) that come after `after`. */
export function unpack(packed: string, first: number, after: number, into: LoggedEvent[]): void {
  unpackAt(packed, (i) => first + i, after, into);
}

/** Appends the events of `packed`, the `i`th at position `positionOf(i)`, that come after `after`. */
export function unpackAt(packed: string, positionOf: (i: number) => number, after: number, into: LoggedEvent[]): void {
  let at = 0;
  for (let i = 0; at < packed.length; i += 1) {
    const position = positionOf(i);
    const newline = packed.indexOf('\n', at);
    const head = newline < 0 ? [] : packed.slice(at, newline).split(' ');
    const length = Number(head[5]);
    if (head.length !== 6 || !Number.isInteger(length) || !Number.isInteger(position) || newline + 1 + length > packed.length) {
      throw new Error(`a malformed stream entry at position ${position}`);
    }
    const [id = '', type = '', serverId = '-', subjectId = '-', channelId = '-'] = head;
    const end = newline + 1 + length;
    if (position > after) {
      into.push(
        lazilyDecoded(position, id, type, packed.slice(newline + 1, end), { serverId: routeId(serverId), subjectId: routeId(subjectId), channelId: routeId(channelId) }),
      );
    }
    at = end;
  }
}

/** A client for blocking reads: like `createRedisClient`'s, with room for the block in its timeout. */
export function createBlockingRedisClient(target: RedisTarget, blockMs: number, onError?: (error: Error) => void): RedisClient {
  return createRedisClient({ ...target, commandTimeoutMs: blockMs + 2_000, ...(onError ? { onError } : {}) });
}

import type { EncodedEvent, EventStream, LoggedEvent } from '@chat/domain';
import { EXPIRE_MS, isAlreadyThere, KEEP_EVENTS, pack, READ_COUNT, unpackAt } from './redis-event-stream';
import type { RedisClient } from './redis-client';

/** Stream keys the events are spread over; their hash tags (`{s0}`…`{s15}`) fall on every master of a 3-master cluster. */
export const EVENT_SHARDS = 16;

/** FNV-1a: a stable, even spread of ids over shards (the same on every replica and version). */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return value;
}

/** A server's events in one shard (so in order there), a conversation's or a user's otherwise. */
export const shardOf = (event: Pick<EncodedEvent, 'serverId' | 'channelId' | 'subjectId'>): number =>
  hash(event.serverId ?? event.channelId ?? event.subjectId ?? '') % EVENT_SHARDS;

/** An index entry: a pass's positions and the shards that hold its events. */
interface Pass {
  readonly first: number;
  readonly last: number;
  readonly shards: readonly number[];
}

const field = (fields: readonly string[], name: string): string => fields[fields.indexOf(name) + 1] ?? '';

/**
 * The bus between replicas on a Redis Cluster: each pass's events go to the shard streams of their
 * servers (`<prefix>events:v5:{s<n>}:<log id>`, hash tags that spread them over the masters), one
 * entry per shard the pass touched, with the pass's last position as its id (as `RedisEventStream`
 * does for the one stream). A small index stream (`…events:v5:<log id>:index`) gets one entry per
 * pass, after its shards: its positions and which shards hold them. A reader blocks on the index,
 * then reads the shards it names (one `XRANGE` each, on their own nodes at once) and merges them by
 * position. An event's bytes live in its server's shard only; the index grows with passes, not bytes.
 *
 * Lossless as the one stream is: a pass's events are handed on only when every shard entry it names
 * was found and they hold every position of the pass; otherwise the read stops before that pass and
 * the reader sees the gap and reads it from the database (a shard write lost in a failover, a relay
 * that died between its shards and its index, a trimmed entry). Order: by position, across shards.
 */
export class ShardedRedisEventStream implements EventStream {
  private readonly index: string;
  private readonly shardKeys: readonly string[];

  constructor(
    private readonly redis: RedisClient,
    /** A connection of its own: a blocking read holds it. */
    private readonly reader: RedisClient,
    prefix: string,
    logId: string,
  ) {
    this.index = `${prefix}events:v5:${logId}:index`;
    this.shardKeys = Array.from({ length: EVENT_SHARDS }, (_, n) => `${prefix}events:v5:{s${n}}:${logId}`);
  }

  /** Publishes one pass's events (consecutive positions, in order): its shards first, then the index. */
  async publish(events: readonly EncodedEvent[]): Promise<void> {
    const first = events[0];
    const last = events[events.length - 1];
    if (!first || !last) return;
    if (last.position - first.position !== events.length - 1) throw new Error('a stream entry holds consecutive positions only');
    const byShard = new Map<number, EncodedEvent[]>();
    for (const event of events) {
      const shard = shardOf(event);
      byShard.set(shard, [...(byShard.get(shard) ?? []), event]);
    }
    const id = `${last.position}-0`;
    const minId = Math.max(0, last.position - KEEP_EVENTS);
    await Promise.all(
      [...byShard].map(([shard, held]) => this.append(this.key(shard), ['MINID', '~', minId, id, 'p', held.map(({ position }) => position).join(','), 'e', pack(held)])),
    );
    await this.append(this.index, ['MINID', '~', minId, id, 'f', first.position, 's', [...byShard.keys()].join(',')]);
  }

  /** Events after `position`, waiting up to `blockMs` for a pass; empty when none came or the next pass is not whole here. */
  async read(position: number, blockMs: number): Promise<LoggedEvent[]> {
    const reply = await this.reader.xread('COUNT', READ_COUNT, 'BLOCK', blockMs, 'STREAMS', this.index, `${position}-0`);
    const passes: Pass[] = (reply?.[0]?.[1] ?? []).map(([id, fields]) => ({
      first: Number(field(fields, 'f')),
      last: Number(id.split('-')[0]),
      shards: field(fields, 's').split(',').filter((shard) => shard !== '').map(Number),
    }));
    const from = passes[0];
    const to = passes[passes.length - 1];
    if (!from || !to) return [];
    const entries = await this.shardEntries(passes, from.last, to.last);
    const events: LoggedEvent[] = [];
    for (const pass of passes) {
      const before = events.length;
      for (const shard of pass.shards) {
        const fields = entries.get(shard)?.get(pass.last);
        if (!fields) return events;
        const positions = field(fields, 'p').split(',').map(Number);
        unpackAt(field(fields, 'e'), (i) => positions[i] ?? Number.NaN, position, events);
      }
      const held = events.splice(before).sort((a, b) => a.position - b.position);
      // Every position of the pass after `position`, once: else something is missing, and the log has it.
      const expected = pass.last - Math.max(pass.first, position + 1) + 1;
      if (held.length !== expected || held.some((event, i) => event.position !== pass.last - expected + 1 + i)) return events;
      events.push(...held);
    }
    return events;
  }

  /** Each named shard's entries with ids from `from` to `to`, by their pass's last position. */
  private async shardEntries(passes: readonly Pass[], from: number, to: number): Promise<Map<number, Map<number, string[]>>> {
    const shards = [...new Set(passes.flatMap((pass) => pass.shards))];
    const ranges = await Promise.all(shards.map((shard) => this.redis.xrange(this.key(shard), `${from}-0`, `${to}-0`)));
    return new Map(shards.map((shard, i) => [shard, new Map((ranges[i] ?? []).map(([id, fields]) => [Number(id.split('-')[0]), fields]))]));
  }

  private key(shard: number): string {
    const key = this.shardKeys[shard];
    if (key === undefined) throw new Error(`no event shard ${shard}`);
    return key;
  }

  /** One entry and the key's expiry, in one round trip to the key's node; an entry already there is success. */
  private async append(key: string, args: (string | number)[]): Promise<void> {
    const results = (await this.redis.pipeline().call('XADD', key, ...args).pexpire(key, EXPIRE_MS).exec()) ?? [];
    const failed = results.find(([error]) => error && !isAlreadyThere(error));
    if (failed?.[0]) throw failed[0];
  }
}

import { readEvent } from '@chat/contract';
import { isSpread, serversHearing, type EncodedEvent, type EventRoute, type EventStream, type Interest, type LoggedEvent } from '@chat/domain';
import { EXPIRE_MS, isAlreadyThere, KEEP_EVENTS, pack, READ_COUNT, unpackAt } from './redis-event-stream';
import type { RedisClient } from './redis-client';
import { ShardBells, wants } from './shard-bells';

/** Stream keys the events are spread over; their hash tags (`{s0}`…`{s15}`) fall on every master of a 3-master cluster. */
export const EVENT_SHARDS = 16;
/** Every shard, as a mask: what a read without an interest wants. */
const ALL = (1 << EVENT_SHARDS) - 1;

/** FNV-1a: a stable, even spread of ids over shards (the same on every replica and version). */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) value = Math.imul(value ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return value;
}

/** The shard of a place: a server, a conversation or a user. */
export const shardOfPlace = (placeId: string): number => hash(placeId) % EVENT_SHARDS;

/** An event's own shard: its server's (so in order there), a conversation's or a user's otherwise. */
export const shardOf = (event: Pick<EncodedEvent, 'serverId' | 'channelId' | 'subjectId'>): number => shardOfPlace(event.serverId ?? event.channelId ?? event.subjectId ?? '');

/**
 * Every shard an event is written to: its own, its subject's (a join or a conversation opened must
 * reach a replica that reads the user's shard and not yet the server's), and for a user's change
 * (`user.updated`, logged once) the shards of the servers that hear it.
 */
export function shardsOf(event: EncodedEvent): number[] {
  const shards = new Set([shardOf(event)]);
  if (event.subjectId !== null) shards.add(shardOfPlace(event.subjectId));
  if (isSpread(event)) {
    const decoded = readEvent(event.type, event.data);
    for (const serverId of decoded ? serversHearing(decoded) : []) shards.add(shardOfPlace(serverId));
  }
  return [...shards];
}


/** Where no socket of the reader needs the event: its place, under a type no version knows. */
const SKIPPED: EventRoute = { type: '', serverId: null, subjectId: null, channelId: null };
const placeholder = (position: number): LoggedEvent => ({ position, id: '', route: SKIPPED, event: null });

/** An index entry: a pass's positions and the shards that hold its events. */
interface Pass {
  readonly first: number;
  readonly last: number;
  readonly shards: readonly number[];
}

const field = (fields: readonly string[], name: string): string => fields[fields.indexOf(name) + 1] ?? '';

/** Index entries one read takes after a wait for a ring: the whole fleet's passes of a second or so, a few bytes each. */
const SWEEP_COUNT = 500;

export interface ShardedStreamOptions {
  /** Told of each shard entry range read (`XRANGE`), by shard: what a replica's reading costs (metrics, tests). */
  readonly onShardRead?: (shard: number) => void;
  /**
   * A connection of its own for the shards' rings (pub/sub). With it, a reader that wants some
   * shards, not all, waits for a ring of one of them (or its block) instead of waking for every pass
   * of the fleet on the index (`ShardBells`); without it, it blocks on the index.
   */
  readonly bells?: RedisClient;
  /** Told of each read of the index: what a replica's waking costs (tests). */
  readonly onIndexRead?: () => void;
}

/**
 * The bus between replicas on a Redis Cluster: each pass's events go to the shard streams of their
 * places (`<prefix>events:v6:{s<n>}:<log id>`, hash tags that spread them over the masters), one
 * entry per shard the pass touched, with the pass's last position as its id (as `RedisEventStream`
 * does for the one stream); an event with a subject goes to its subject's shard too, a user's
 * change to the shards of the servers that hear it (`shardsOf`). A small index stream
 * (`…events:v6:<log id>:index`) gets one entry per pass, after its shards: its positions and which
 * shards hold them; then each shard the pass touched is rung (`ShardBells`). A reader blocks on the
 * index (or, wanting only some shards, waits for their rings and then reads the index), then reads
 * the shards it names *that its interest wants* (one `XRANGE` each, on their own nodes at once) and
 * merges them by position; a position in none of those is handed on as a placeholder, so the
 * reader's contiguity and the cursors stay whole.
 *
 * Lossless as the one stream is: a pass's events are handed on only when every wanted shard entry it
 * names was found (and, when every named shard is wanted, they hold every position of the pass);
 * otherwise the read stops before that pass and the reader sees the gap and reads it from the
 * database (a shard write lost in a failover, a relay that died between its shards and its index, a
 * trimmed entry). Order: by position, across shards. An audience that grows: an event that came only
 * by a copy (its own shard is not wanted: a join, a conversation opened, of one of this reader's
 * users) ends the read, so the gateway widens the interest before the next read; and `missed` tells
 * the reader that the interest widened while a read ran (a socket went live), so it reads again.
 */
export class ShardedRedisEventStream implements EventStream {
  private readonly index: string;
  private readonly shardKeys: readonly string[];
  /** The mask of the last interest seen, by its version: the places are hashed again only when they changed. */
  private cached: { interest: Interest; version: number; mask: number } | undefined;
  /** What the last read wanted. */
  private lastWanted = ALL;
  private readonly bells: ShardBells | undefined;
  /** Read the index before waiting for a ring: it may hold passes no ring told of (the start, a full read, a failure). */
  private sweep = true;
  /** The interests whose going live ends a wait for a ring. */
  private readonly heeded = new WeakSet<Interest>();

  constructor(
    private readonly redis: RedisClient,
    /** A connection of its own: a blocking read holds it. */
    private readonly reader: RedisClient,
    prefix: string,
    logId: string,
    private readonly options: ShardedStreamOptions = {},
  ) {
    this.index = `${prefix}events:v6:${logId}:index`;
    this.shardKeys = Array.from({ length: EVENT_SHARDS }, (_, n) => `${prefix}events:v6:{s${n}}:${logId}`);
    this.bells = options.bells ? new ShardBells(options.bells, this.shardKeys.map((_, shard) => this.bell(shard))) : undefined;
  }

  /** Publishes one pass's events (consecutive positions, in order): its shards first, then the index. */
  async publish(events: readonly EncodedEvent[]): Promise<void> {
    const first = events[0];
    const last = events[events.length - 1];
    if (!first || !last) return;
    if (last.position - first.position !== events.length - 1) throw new Error('a stream entry holds consecutive positions only');
    const byShard = new Map<number, EncodedEvent[]>();
    for (const event of events) {
      for (const shard of shardsOf(event)) {
        const held = byShard.get(shard);
        if (held) held.push(event);
        else byShard.set(shard, [event]);
      }
    }
    const id = `${last.position}-0`;
    const minId = Math.max(0, last.position - KEEP_EVENTS);
    await Promise.all(
      [...byShard].map(([shard, held]) => this.append(this.key(shard), ['MINID', '~', minId, id, 'p', held.map(({ position }) => position).join(','), 'e', pack(held)])),
    );
    await this.append(this.index, ['MINID', '~', minId, id, 'f', first.position, 's', [...byShard.keys()].join(',')]);
    // After the index, which a woken reader reads; not waited for: a lost ring costs a reader its block, never an event.
    const ring = String(last.position);
    for (const shard of byShard.keys()) this.redis.publish(this.bell(shard), ring).catch(() => undefined);
  }

  /**
   * Events after `position` (see `EventStream.read`), waiting up to `blockMs` for a pass; empty when
   * none came or the next pass is not whole here. With rings (`bells`) and an interest that leaves
   * some shards out, it waits for a ring of a wanted shard, then reads every pass since `position`
   * from the index at once: its wake-ups follow its own shards' passes, not the fleet's.
   */
  async read(position: number, blockMs: number, interest?: Interest): Promise<LoggedEvent[]> {
    const bells = this.bells;
    if (!bells || !interest || this.maskOf(interest) === ALL) {
      // Every shard wanted: the rings would wake it for every pass anyway.
      void bells?.follow(0);
      this.options.onIndexRead?.();
      const reply = await this.reader.xread('COUNT', READ_COUNT, 'BLOCK', blockMs, 'STREAMS', this.index, `${position}-0`);
      // Once the block is over, not before: what sockets went live while it waited are read for at once.
      return this.passesOf(reply, position, interest ? this.maskOf(interest) : ALL);
    }
    if (interest.onLive && !this.heeded.has(interest)) {
      this.heeded.add(interest);
      interest.onLive(() => bells.interrupt());
    }
    // A shard followed only now may have rung before it was: read the index without waiting.
    const now = (await bells.follow(this.maskOf(interest))) || this.sweep || bells.rang(position);
    // Until an index read went through and was not full, the next read reads the index first.
    this.sweep = true;
    if (!now) await bells.wait(position, blockMs);
    this.options.onIndexRead?.();
    const reply = await this.reader.xread('COUNT', SWEEP_COUNT, 'STREAMS', this.index, `${position}-0`);
    const events = await this.passesOf(reply, position, this.maskOf(interest));
    this.sweep = (reply?.[0]?.[1]?.length ?? 0) === SWEEP_COUNT;
    return events;
  }

  /** The events of the passes an index read gave, as far as they are whole here (see `read`). */
  private async passesOf(reply: [string, [string, string[]][]][] | null, position: number, wanted: number): Promise<LoggedEvent[]> {
    this.lastWanted = wanted;
    const passes: Pass[] = (reply?.[0]?.[1] ?? []).map(([id, fields]) => ({
      first: Number(field(fields, 'f')),
      last: Number(id.split('-')[0]),
      shards: field(fields, 's').split(',').filter((shard) => shard !== '').map(Number),
    }));
    const from = passes[0];
    const to = passes[passes.length - 1];
    if (!from || !to) return [];
    const entries = await this.shardEntries(passes, wanted, from.last, to.last);
    const events: LoggedEvent[] = [];
    for (const pass of passes) {
      const found = new Map<number, LoggedEvent>();
      const named = pass.shards.filter((shard) => wants(wanted, shard));
      for (const shard of named) {
        const fields = entries.get(shard)?.get(pass.last);
        if (!fields) return events;
        const positions = field(fields, 'p').split(',').map(Number);
        const held: LoggedEvent[] = [];
        unpackAt(field(fields, 'e'), (i) => positions[i] ?? Number.NaN, position, held);
        for (const event of held) found.set(event.position, event);
      }
      const start = Math.max(pass.first, position + 1);
      // Only positions of the pass, and every one of them when every shard it names was read: else the log has them.
      if ([...found.keys()].some((at) => at < start || at > pass.last)) return events;
      if (named.length === pass.shards.length && found.size !== pass.last - start + 1) return events;
      for (let at = start; at <= pass.last; at += 1) {
        const event = found.get(at);
        events.push(event ?? placeholder(at));
        // Here by a copy only: it may widen the interest (a join), so what follows is read with the wider one.
        if (event && !wants(wanted, shardOf(event.route))) return events;
      }
    }
    return events;
  }

  /** Whether `interest` now wants a shard the last read left out. */
  missed(interest: Interest): boolean {
    return (this.maskOf(interest) & ~this.lastWanted) !== 0;
  }

  private maskOf(interest: Interest): number {
    const cached = this.cached;
    if (cached?.interest === interest && cached.version === interest.version) return cached.mask;
    let mask = 0;
    for (const placeId of interest.places()) {
      mask |= 1 << shardOfPlace(placeId);
      // Every shard wanted already: the rest of the places (thousands on a busy replica) add nothing.
      if (mask === ALL) break;
    }
    this.cached = { interest, version: interest.version, mask };
    return mask;
  }

  /** Each named and wanted shard's entries with ids from `from` to `to`, by their pass's last position. */
  private async shardEntries(passes: readonly Pass[], wanted: number, from: number, to: number): Promise<Map<number, Map<number, string[]>>> {
    const shards = [...new Set(passes.flatMap((pass) => pass.shards))].filter((shard) => wants(wanted, shard));
    const ranges = await Promise.all(
      shards.map((shard) => {
        this.options.onShardRead?.(shard);
        return this.redis.xrange(this.key(shard), `${from}-0`, `${to}-0`);
      }),
    );
    return new Map(shards.map((shard, i) => [shard, new Map((ranges[i] ?? []).map(([id, fields]) => [Number(id.split('-')[0]), fields]))]));
  }

  /** A shard's bell channel (`ShardBells`): its key's name and `:bell`. */
  private bell(shard: number): string {
    return `${this.key(shard)}:bell`;
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

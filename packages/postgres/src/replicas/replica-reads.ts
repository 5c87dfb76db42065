import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely } from 'kysely';
import { isDatabaseUnavailable } from '../driver-errors';
import type { Database } from '../schema';
import { parseLsn, ReadRouter } from './read-router';

/** The pools a read runs on: `hot` for the marked statements (generic plans), `db` for the rest. */
export interface ReadPools {
  readonly db: Kysely<Database>;
  readonly hot: Kysely<Database>;
}

/**
 * Where the repositories run the reads that tolerate a replica (message pages, member and channel
 * lists, search). Everything else, and every write, stays on the primary.
 */
export interface ReplicaReads {
  /**
   * `query` on a replica that holds the caller's writes, else on the primary. `settled` says whether
   * a replica's answer stands: one it refuses (a gate that did not open: a session made by a login,
   * which is no write of a signed-in caller, may not have reached the replica yet) is asked of the
   * primary again. Refusals are rare, so this costs little.
   */
  read<T>(query: (pools: ReadPools) => Promise<T>, settled?: (result: T) => boolean): Promise<T>;
}

/** Every read on the given pools: the embedded default, one PostgreSQL, and inside a transaction. */
export const primaryReads = (pools: ReadPools): ReplicaReads => ({ read: (query) => query(pools) });

/**
 * Each caller's last write position (a user's: what one device wrote, the next device reads), shared
 * by every API process (Redis), or kept in the one process there is. `advance` never moves a
 * position back; a position may be forgotten after a while (see `positionTtlMs`).
 */
export interface WritePositions {
  get(caller: string): Promise<bigint | null>;
  advance(caller: string, lsn: bigint, ttlMs: number): Promise<void>;
}

/** Positions in this process's memory: right only for a single API process (no REDIS_URL). */
export class MemoryWritePositions implements WritePositions {
  private readonly positions = new Map<string, { lsn: bigint; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(caller: string): Promise<bigint | null> {
    const held = this.positions.get(caller);
    if (!held || held.until < this.now()) {
      this.positions.delete(caller);
      return null;
    }
    return held.lsn;
  }

  async advance(caller: string, lsn: bigint, ttlMs: number): Promise<void> {
    const held = this.positions.get(caller);
    // Map order is insertion order: moving a caller to the end keeps the oldest first, for the sweep.
    this.positions.delete(caller);
    this.positions.set(caller, { lsn: held && held.lsn > lsn ? held.lsn : lsn, until: this.now() + ttlMs });
    for (const [key, { until }] of this.positions) {
      if (until >= this.now()) break;
      this.positions.delete(key);
    }
  }
}

export interface RoutedReadsOptions {
  readonly maxLagMs: number;
  /** How often each replica's replay position (and the primary's) is asked. */
  readonly pollMs?: number;
  readonly retryAfterMs?: number;
  readonly now?: () => number;
  /** A replica failed (a poll or a read): it is out of rotation for a while. Once per outage. */
  readonly onReplicaFailed?: (index: number, error: unknown) => void;
  /** A replica that had failed answered a poll again. */
  readonly onReplicaBack?: (index: number) => void;
  /** A read failed on a replica and was run again on the primary. */
  readonly onReadRetried?: (index: number, error: unknown) => void;
  /** A write's position could not be kept: this process reads from the primary for a while. */
  readonly onPositionLost?: (error: unknown) => void;
}

/** What the current request's caller is, and its last write position once looked up. */
interface Caller {
  readonly key: string;
  required?: Promise<bigint | null | undefined>;
}

/**
 * Reads sent to streaming replicas with read-your-writes. A caller's write (`as(..., wrote)`) ends
 * by reading the primary's WAL position after its commit and keeping it as the caller's position;
 * a read of that caller goes to a replica only once the replica has replayed that position (its
 * replay position is polled every `pollMs` per process), else to the primary. A read with no known
 * caller (the gateway, background work) stays on the primary. A read that fails on a replica is run
 * again on the primary, and a replica that fails or lags past `maxLagMs` is out of rotation until a
 * poll finds it well again: clients never see a replica go away.
 */
export class RoutedReads implements ReplicaReads {
  private readonly callers = new AsyncLocalStorage<Caller>();
  private readonly router: ReadRouter;
  private readonly now: () => number;
  private readonly pollMs: number;
  /** Positions are kept well past the lag bound: by then every replica in rotation has replayed them. */
  readonly positionTtlMs: number;
  private primaryOnlyUntil = 0;
  /** Replicas out since their last failure, so a failure is reported once, not on every poll. */
  private readonly down = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<bigint> | undefined;
  private queued: Promise<bigint> | undefined;
  private polling: Promise<void> | undefined;

  constructor(
    private readonly primary: ReadPools,
    private readonly replicas: readonly ReadPools[],
    private readonly positions: WritePositions,
    private readonly options: RoutedReadsOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.pollMs = options.pollMs ?? 200;
    this.router = new ReadRouter(replicas.length, { maxLagMs: options.maxLagMs, retryAfterMs: options.retryAfterMs ?? 1_000 });
    this.positionTtlMs = Math.max(60_000, 10 * options.maxLagMs);
  }

  /** Polls now and then every `pollMs` until `close`. */
  start(): Promise<void> {
    this.timer ??= setInterval(() => void this.poll(), this.pollMs);
    this.timer.unref();
    return this.poll();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.polling;
  }

  /** The primary's position, then each replica's replayed one; one poll at a time. */
  poll(): Promise<void> {
    this.polling ??= this.pollOnce().finally(() => (this.polling = undefined));
    return this.polling;
  }

  /** Runs a request's work as `caller`; when it `wrote`, its position is kept before the answer goes out. */
  async as<T>(caller: string, wrote: boolean, work: () => Promise<T>): Promise<T> {
    try {
      return await this.callers.run({ key: caller }, work);
    } finally {
      if (wrote) await this.keepPosition(caller);
    }
  }

  async read<T>(query: (pools: ReadPools) => Promise<T>, settled?: (result: T) => boolean): Promise<T> {
    const caller = this.callers.getStore();
    if (!caller || this.now() < this.primaryOnlyUntil || !this.router.anyInRotation(this.now())) return query(this.primary);
    caller.required ??= this.positions.get(caller.key).catch(() => undefined);
    const required = await caller.required;
    // The position is unknown (the store did not answer): only the primary is sure to hold the caller's writes.
    if (required === undefined) return query(this.primary);
    const index = this.router.choose(required, this.now());
    if (index === null) return query(this.primary);
    let result: T;
    try {
      result = await query(this.replicas[index]!);
    } catch (error) {
      // Reads have no effects: whatever went wrong there, the primary answers instead.
      if (isDatabaseUnavailable(error)) this.failed(index, error);
      this.options.onReadRetried?.(index, error);
      return query(this.primary);
    }
    return !settled || settled(result) ? result : query(this.primary);
  }

  /** Each replica: in rotation or not, and its lag as last measured (for metrics). */
  states(): { readonly inRotation: boolean; readonly lagMs: number }[] {
    return this.router.states(this.now());
  }

  /**
   * The primary's position, read after the caller's commit. Writers finishing together share one
   * read: one already running may have started before this commit, so a caller that finds one
   * running waits for the next, which all such callers share (at most two in flight under load).
   * The insert position, not the written one: under `synchronous_commit = off` a commit returns
   * before its record is written, and only the insert position is sure to lie past it.
   */
  private positionAfterCommit(): Promise<bigint> {
    if (!this.running) {
      this.running = sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`
        .execute(this.primary.db)
        .then(({ rows }) => parseLsn(rows[0]!.lsn))
        .finally(() => (this.running = undefined));
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.positionAfterCommit();
      });
    return this.queued;
  }

  private async keepPosition(caller: string): Promise<void> {
    try {
      await this.positions.advance(caller, await this.positionAfterCommit(), this.positionTtlMs);
    } catch (error) {
      // Until every replica in rotation must have replayed the write, this process reads from the primary.
      this.primaryOnlyUntil = this.now() + this.options.maxLagMs + 2 * this.pollMs;
      this.options.onPositionLost?.(error);
    }
  }

  private async pollOnce(): Promise<void> {
    try {
      const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(this.primary.db);
      this.router.primaryAt(parseLsn(rows[0]!.lsn), this.now());
    } catch {
      // The primary is away: the replicas' lag cannot be told, and reads fail on the primary anyway.
      return;
    }
    await Promise.all(
      this.replicas.map(async ({ db }, index) => {
        try {
          const { rows } = await sql<{ lsn: string | null }>`select pg_last_wal_replay_lsn()::text as lsn`.execute(db);
          const lsn = rows[0]?.lsn;
          if (lsn === null || lsn === undefined) throw new Error('not a replica: pg_last_wal_replay_lsn() is null (a promoted or stand-alone server)');
          this.router.replicaAt(index, parseLsn(lsn), this.now());
          if (this.down.delete(index)) this.options.onReplicaBack?.(index);
        } catch (error) {
          this.failed(index, error);
        }
      }),
    );
  }

  private failed(index: number, error: unknown): void {
    this.router.failed(index, this.now());
    if (this.down.has(index)) return;
    this.down.add(index);
    this.options.onReplicaFailed?.(index, error);
  }
}

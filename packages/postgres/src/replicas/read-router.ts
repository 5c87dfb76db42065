/** A WAL position (`pg_current_wal_lsn()`'s `X/Y`, two hex halves) as a byte count. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text);
  if (!match) throw new Error(`not an LSN: ${JSON.stringify(text)}`);
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

export interface ReadRouterOptions {
  /** A replica further behind the primary than this is out of rotation until it catches up. */
  readonly maxLagMs: number;
  /** A replica that failed stays out at least this long; the next poll that reaches it after that brings it back. */
  readonly retryAfterMs: number;
}

interface Replica {
  /** What it has replayed, as last polled; null before the first answer or after a failure. */
  replayed: bigint | null;
  lagMs: number;
  downUntil: number;
}

/** The primary's position at a moment. */
interface Sample {
  readonly at: number;
  readonly lsn: bigint;
}

/**
 * Which database a read may go to, decided from positions polled by its owner: no I/O, no clock of
 * its own (every call says when it is). A replica is in rotation when its last poll answered, it
 * has not failed within `retryAfterMs`, and its lag is within `maxLagMs`. The lag is measured
 * against the primary's own positions as polled: how long ago the primary first held WAL the
 * replica has not replayed yet (0 when it has replayed everything seen). That needs no clock on the
 * replica and catches one that stopped receiving, which a replay timestamp alone would not when the
 * primary is quiet. A read that needs a position (the caller's last write) goes to a replica that
 * has replayed it, round-robin; none such: the primary (null).
 */
export class ReadRouter {
  private readonly replicas: Replica[];
  private samples: Sample[] = [];
  private turn = 0;

  constructor(
    count: number,
    private readonly options: ReadRouterOptions,
  ) {
    this.replicas = Array.from({ length: count }, () => ({ replayed: null, lagMs: Number.POSITIVE_INFINITY, downUntil: 0 }));
  }

  /**
   * The primary had written up to `lsn` at `at`. Only when a position was first seen matters (a
   * quiet primary adds nothing). Samples from before twice the bound go, but the newest of them
   * stays: a replica behind it is still seen to lag by more than the bound.
   */
  primaryAt(lsn: bigint, at: number): void {
    const last = this.samples.at(-1);
    if (!last || lsn > last.lsn) this.samples.push({ at, lsn });
    const keepFrom = at - 2 * this.options.maxLagMs;
    while (this.samples.length > 1 && this.samples[1]!.at <= keepFrom) this.samples.shift();
  }

  /** Replica `index` had replayed up to `lsn` at `at`. */
  replicaAt(index: number, lsn: bigint, at: number): void {
    const replica = this.replica(index);
    replica.replayed = lsn;
    const missed = this.samples.find((sample) => sample.lsn > lsn);
    replica.lagMs = missed ? at - missed.at : 0;
  }

  /** Replica `index` did not answer (a poll or a read): out of rotation for `retryAfterMs`. */
  failed(index: number, at: number): void {
    const replica = this.replica(index);
    replica.replayed = null;
    replica.downUntil = at + this.options.retryAfterMs;
  }

  /** Whether any replica may serve reads now, so a caller can skip looking its position up. */
  anyInRotation(at: number): boolean {
    return this.replicas.some((replica) => this.inRotation(replica, at));
  }

  /** A replica that has replayed `required` (null: the caller wrote nothing we know of), or null for the primary. */
  choose(required: bigint | null, at: number): number | null {
    const count = this.replicas.length;
    for (let step = 0; step < count; step++) {
      const index = (this.turn + step) % count;
      const replica = this.replicas[index]!;
      if (!this.inRotation(replica, at) || (required !== null && replica.replayed! < required)) continue;
      this.turn = (index + 1) % count;
      return index;
    }
    return null;
  }

  /** What the metrics and logs show of each replica. */
  states(at: number): { readonly inRotation: boolean; readonly lagMs: number }[] {
    return this.replicas.map((replica) => ({ inRotation: this.inRotation(replica, at), lagMs: replica.lagMs }));
  }

  private inRotation(replica: Replica, at: number): boolean {
    return replica.replayed !== null && at >= replica.downUntil && replica.lagMs <= this.options.maxLagMs;
  }

  private replica(index: number): Replica {
    const replica = this.replicas[index];
    if (!replica) throw new RangeError(`no replica ${index}`);
    return replica;
  }
}

import type pg from 'pg';

/** A pool's connections now: in use, idle, and requests waiting for one. */
export interface PoolStats {
  readonly pool: string;
  readonly inUse: number;
  readonly idle: number;
  readonly waiting: number;
}

const pools = new Map<string, pg.Pool>();

/** Remembers a pool under its name (the last one opened under a name wins), for `poolStats`. */
export function registerPool(name: string, pool: pg.Pool): void {
  pools.set(name, pool);
}

export function unregisterPool(name: string, pool: pg.Pool): void {
  if (pools.get(name) === pool) pools.delete(name);
}

/** Every open pool of this process, read when asked (a metrics scrape). */
export function poolStats(): PoolStats[] {
  return [...pools].map(([name, pool]) => ({ pool: name, inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount }));
}

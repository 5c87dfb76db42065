import { registerPool, unregisterPool } from './pool-stats';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { createPglite, PgliteDialect } from './pglite-dialect';
import { PreparingPool } from './prepared-statements';
import type { Database } from './schema';

export interface PostgresOptions {
  readonly url: string;
  readonly poolSize?: number;
  readonly onIdleError?: (error: Error) => void;
  /** Per-query limit; 0 for none (migrations, which may rightly take long). Default 10 s. */
  readonly queryTimeoutMs?: number;
  /**
   * Plan every parameterized statement once, generically (`plan_cache_mode = force_generic_plan`
   * for this pool's connections; it applies to unnamed statements too). Only for a pool that runs
   * the marked statements, which are written and tested to have good generic plans.
   */
  readonly genericPlans?: boolean;
  /** Sees every query run, e.g. to EXPLAIN it in a test. */
  readonly log?: (sql: string, parameters: readonly unknown[]) => void;
  /** The pool's name in `poolStats` (metrics); unnamed pools are not reported. */
  readonly name?: string;
}

/** A real PostgreSQL through node-pg's pool; the production path and every replica's. */
export function openPostgres({ url, poolSize = 10, onIdleError, log, queryTimeoutMs = 10_000, genericPlans = false, name }: PostgresOptions): Kysely<Database> {
  // A server that stops answering must not hold requests forever: each query gets a time limit,
  // and dead peers are found by TCP keep-alive. A timeout counts as the database being away (503).
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    // A transaction left open (its replica lost mid-way) would hold every event back: it is ended too.
    ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs, statement_timeout: queryTimeoutMs, idle_in_transaction_session_timeout: queryTimeoutMs } : {}),
    keepAlive: true,
    ...(genericPlans ? { options: '-c plan_cache_mode=force_generic_plan' } : {}),
  });
  // A client whose server went away emits 'error'; unheard, that would crash the process. The
  // pool drops broken clients and the next query connects afresh, so recovery needs no restart.
  const report = (error: Error) => onIdleError?.(error);
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  if (name !== undefined) {
    registerPool(name, pool);
    const end = pool.end.bind(pool);
    pool.end = (() => {
      unregisterPool(name, pool);
      return end();
    }) as typeof pool.end;
  }
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new PreparingPool(pool) }),
    ...(log ? { log: (event) => log(event.query.sql, event.query.parameters) } : {}),
  });
}

/** The embedded default: Postgres compiled to WebAssembly, kept under `dataDir` (or in memory). */
export function openPglite(dataDir?: string): Kysely<Database> {
  let path: string | undefined;
  if (dataDir !== undefined) {
    mkdirSync(dataDir, { recursive: true });
    path = join(dataDir, 'pglite');
  }
  return new Kysely<Database>({ dialect: new PgliteDialect(createPglite(path)) });
}

/** One round trip: whether the database answers at all. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}

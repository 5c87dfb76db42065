import { createHash } from 'node:crypto';
import { CompiledQuery, type Kysely, type PostgresCursor, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult, type QueryResult, type RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Database } from './schema';

/**
 * The mark that opts a query into a named prepared statement, first in its text.
 * Only the hottest statements carry it, so each connection holds a handful of plans, not one per
 * query shape ever seen.
 */
export const preparedMark = (name: string): string => `/* prepared: ${name} */`;

const MARK = /^\s*\/\* prepared: ([a-z_]+) \*\//;

/** The statement's name: its mark plus a hash of its text, so each variant (cursor or not) gets its own. */
const names = new Map<string, string | null>();
export function statementName(sql: string): string | null {
  let name = names.get(sql);
  if (name === undefined) {
    const mark = MARK.exec(sql)?.[1];
    name = mark ? `${mark}_${createHash('sha256').update(sql).digest('base64url').slice(0, 16)}` : null;
    // Marked texts are few; unmarked ones are not remembered, so this map cannot grow without bound.
    if (name) names.set(sql, name);
  }
  return name;
}

/**
 * node-pg's pool for Kysely, with marked queries run as named prepared statements: PostgreSQL parses
 * them once per connection. On a pool opened with `genericPlans` they are also planned once instead
 * of on every request (for the gated page, planning cost about as much as running it), so a marked
 * statement must have a plan that is good for any parameters (see `pageJsonAs`). (Behind PgBouncer in transaction mode, named statements need
 * its `max_prepared_statements` setting, 1.21 or later.)
 */
export class PreparingPool implements PostgresPool {
  /** One wrapper per client, so Kysely's own per-client cache keeps working. */
  private readonly wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();

  constructor(private readonly pool: pg.Pool) {}

  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect();
    let wrapper = this.wrappers.get(client);
    if (!wrapper) this.wrappers.set(client, (wrapper = PreparingPool.wrap(client)));
    return wrapper;
  }

  private static wrap(client: pg.PoolClient): PostgresPoolClient {
    let stale: Error | undefined;
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): unknown {
      if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
      const name = statementName(sqlOrCursor);
      const values = [...(parameters ?? [])];
      if (!name) return client.query(sqlOrCursor, values);
      return client.query({ name, text: sqlOrCursor, values }).catch((error: unknown) => {
        if (!isStalePlan(error)) throw error;
        // A migration changed a column this connection's statement returns. Run it unprepared this
        // once, and close the connection when it is released: the next one prepares it afresh.
        stale = error;
        return client.query(sqlOrCursor, values);
      });
    }
    return { query, release: () => client.release(stale) };
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

/** PostgreSQL's answer to a prepared statement whose result columns changed type since it was prepared. */
const isStalePlan = (error: unknown): error is Error =>
  error instanceof Error && (error as { code?: unknown }).code === '0A000' && error.message.includes('cached plan must not change result type');

/** A statement's text, and which of its values goes in each parameter. */
interface Compiled<V> {
  readonly sql: string;
  readonly slots: ReadonlyArray<keyof V>;
}

// eslint-disable-next-line no-control-regex -- NUL delimits a slot: no SQL text holds one
const SLOT = /^\u0000slot:(.+)\u0000$/;

/**
 * A statement built with Kysely's `sql` once per shape instead of once per request: the first call
 * of each shape (which of `values` are set) builds it with placeholders and compiles it; later
 * calls only put the values in their parameters. Building and compiling the gated page's nested
 * template each time cost more of the API's CPU than sending it. Every parameter must come from
 * `values` (a constant in the template would be frozen into the text): compiling one that doesn't
 * throws.
 */
export class PrecompiledStatement<V extends Record<string, unknown>, R> {
  private readonly shapes = new Map<string, Compiled<V>>();

  constructor(private readonly build: (values: V) => RawBuilder<R>) {}

  async execute(db: Kysely<Database>, values: V): Promise<QueryResult<R>> {
    const keys = Object.keys(values) as (keyof V & string)[];
    const shape = keys.map((key) => (values[key] === undefined ? `-${key}` : key)).join(',');
    let compiled = this.shapes.get(shape);
    if (!compiled) this.shapes.set(shape, (compiled = this.compile(db, keys, values)));
    return db.executeQuery<R>(CompiledQuery.raw(compiled.sql, compiled.slots.map((slot) => values[slot])));
  }

  private compile(db: Kysely<Database>, keys: (keyof V & string)[], values: V): Compiled<V> {
    const placeholders = Object.fromEntries(keys.map((key) => [key, values[key] === undefined ? undefined : `\u0000slot:${key}\u0000`]));
    const { sql, parameters } = this.build(placeholders as V).compile(db);
    const slots = parameters.map((parameter) => {
      const slot = typeof parameter === 'string' ? SLOT.exec(parameter)?.[1] : undefined;
      if (slot === undefined) throw new Error(`a precompiled statement takes every parameter from its values, not ${String(parameter)}`);
      return slot as keyof V;
    });
    return { sql, slots };
  }
}

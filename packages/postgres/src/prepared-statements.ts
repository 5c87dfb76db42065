import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

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
 * statement must have a plan that is good for any parameters (see `pageAs`). (Behind PgBouncer in transaction mode, named statements need
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
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): unknown {
      if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
      const name = statementName(sqlOrCursor);
      const values = [...(parameters ?? [])];
      return name ? client.query({ name, text: sqlOrCursor, values }) : client.query(sqlOrCursor, values);
    }
    return { query, release: () => client.release() };
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

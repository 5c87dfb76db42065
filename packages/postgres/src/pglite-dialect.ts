import { parse, PGlite, protocol, types } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { statementName } from './prepared-statements';

/** int8 comes back as text, as node-pg does: ids are decimal strings and must not lose precision. */
export function createPglite(dataDir?: string): PGlite {
  return new PGlite({ ...(dataDir === undefined ? {} : { dataDir }), parsers: { [types.INT8]: (value: string) => value } });
}

/** A parameter in PostgreSQL's text format; the statement's context gives it its type. */
export function parameterText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return arrayAsText(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** An array literal, as node-pg writes one: elements quoted with `"` and `\` escaped, null as NULL. */
function arrayAsText(values: readonly unknown[]): string {
  const element = (value: unknown): string => {
    if (Array.isArray(value)) return arrayAsText(value);
    const text = parameterText(value);
    return text === null ? 'NULL' : `"${text.replace(/["\\]/g, '\\$&')}"`;
  };
  return `{${values.map(element).join(',')}}`;
}

class PgliteConnection implements DatabaseConnection {
  /** Named statements this PGlite already parsed (marked queries only; see prepared-statements). */
  private readonly prepared = new Set<string>();

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const name = statementName(query.sql);
    const result = name ? await this.runPrepared<R>(name, query) : await this.pglite.query<R>(query.sql, [...query.parameters]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && result.fields.length === 0 ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  /**
   * A marked query as a named statement, through PGlite's protocol interface (its `query` parses
   * and plans every time, on the API's own thread): Parse once, then Bind, Describe, Execute, Sync.
   */
  private async runPrepared<R>(name: string, query: CompiledQuery): Promise<{ rows: R[]; affectedRows?: number; fields: unknown[] }> {
    const { serialize } = protocol;
    const quiet = { syncToFs: false };
    const messages = [];
    try {
      if (!this.prepared.has(name)) {
        messages.push(...(await this.pglite.execProtocol(serialize.parse({ name, text: query.sql, types: [] }), quiet)).messages);
        this.prepared.add(name);
      }
      const values = query.parameters.map(parameterText);
      messages.push(...(await this.pglite.execProtocol(serialize.bind({ statement: name, values }), quiet)).messages);
      messages.push(...(await this.pglite.execProtocol(serialize.describe({ type: 'P' }), quiet)).messages);
      messages.push(...(await this.pglite.execProtocol(serialize.execute({}), quiet)).messages);
    } finally {
      // After an error the server skips everything up to Sync: always end with one.
      messages.push(...(await this.pglite.execProtocol(serialize.sync())).messages);
    }
    const results = parse.parseResults(messages, this.pglite.parsers, {});
    return results[results.length - 1] as unknown as { rows: R[]; affectedRows?: number; fields: unknown[] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }
}

/**
 * PGlite is one connection on the main thread: the driver hands it to one holder at a time, so a
 * transaction never interleaves with another query.
 */
class PgliteDriver implements Driver {
  private readonly connection: PgliteConnection;
  private queue: Promise<void> = Promise.resolve();
  private releaseCurrent: (() => void) | null = null;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PgliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release!: () => void;
    this.queue = new Promise((resolve) => (release = resolve));
    await previous;
    this.releaseCurrent = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.releaseCurrent;
    this.releaseCurrent = null;
    release?.();
  }

  async destroy(): Promise<void> {
    await this.pglite.close();
  }
}

export class PgliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PgliteDriver(this.pglite);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

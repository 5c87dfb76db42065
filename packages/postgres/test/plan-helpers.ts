import { openPostgres, parameterText, type ChatDatabase } from '@chat/postgres';
import { sql } from 'kysely';
import { createPostgresDatabase, type TestDatabase } from './test-databases';

/* EXPLAIN for the plan tests: a plan's nodes, and the generic plan of a statement the API prepares. */

export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Parent Relationship'?: string;
  'Subplan Name'?: string;
  'One-Time Filter'?: string;
  'Relation Name'?: string;
  /** With `analyze`: how many times the node ran (0: never). */
  'Actual Loops'?: number;
  /** With `analyze`: the rows it gave, on average per run. */
  'Actual Rows'?: number;
  /** With `analyze`: the rows a filter read and dropped, on average per run. */
  'Rows Removed by Filter'?: number;
  /** With `buffers`: the pages it read, in the cache and from outside it. */
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** Every node, sub-plans included. */
export const allNodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(allNodes)];

/**
 * The generic plan of a logged statement, prepared afresh and executed with its parameters as
 * literals. `analyze`: run too (what it writes rolled back), with how often each node ran;
 * `buffers`, with the pages each read.
 */
export async function genericPlanOf(db: ChatDatabase, query: { sql: string; parameters: readonly unknown[] }, { analyze = false, buffers = false } = {}): Promise<PlanNode> {
  const plan = await db.connection().execute(async (connection) => {
    await sql`set plan_cache_mode = force_generic_plan`.execute(connection);
    await sql`prepare generic_statement as ${sql.raw(query.sql)}`.execute(connection);
    if (analyze) await sql`begin`.execute(connection);
    try {
      const values = sql.join(query.parameters.map((value) => sql.lit(parameterText(value))));
      const options = sql.raw(analyze ? `analyze, ${buffers ? 'buffers, ' : ''}format json` : 'format json');
      const explained = await sql<{ 'QUERY PLAN': { Plan: PlanNode }[] }>`explain (${options}) execute generic_statement(${values})`.execute(connection);
      return explained.rows[0]?.['QUERY PLAN'][0]?.Plan;
    } finally {
      if (analyze) await sql`rollback`.execute(connection);
      await sql`deallocate generic_statement`.execute(connection);
      await sql`reset plan_cache_mode`.execute(connection);
    }
  });
  if (!plan) throw new Error('no plan');
  return plan;
}


/** A statement as a pool's log saw it. */
export interface LoggedQuery {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

const quote = (value: string | null): string => (value === null ? 'null' : `'${value.replace(/'/g, "''")}'`);

/**
 * The plan of a logged statement as it runs for its values (EXPLAIN ANALYZE with its parameters
 * written in as literals: planned for them, as an unprepared statement is).
 */
export async function analyzedPlanOf(db: ChatDatabase, query: LoggedQuery): Promise<PlanNode> {
  const text = query.sql.replace(/\$(\d+)/g, (_, n: string) => quote(parameterText(query.parameters[Number(n) - 1])));
  const { rows } = await sql<{ 'QUERY PLAN': { Plan: PlanNode }[] }>`explain (analyze, format json) ${sql.raw(text)}`.execute(db);
  const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!plan) throw new Error('no plan');
  return plan;
}

/**
 * A database of its own for the enclosing block, opened before its tests and dropped after them,
 * and a pool on it that plans as the API's does (generic plans) and logs each statement it runs.
 */
export function aLoggedPool(): {
  database(): TestDatabase;
  pool(): ChatDatabase;
  /** The last statement logged with this mark (`preparedMark`). */
  lastOf(marker: string): LoggedQuery;
  /** The last statement logged whose text holds `text`. */
  lastWith(text: string): LoggedQuery;
} {
  const queries: LoggedQuery[] = [];
  let database: TestDatabase | undefined;
  let pool: ChatDatabase | undefined;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    pool = openPostgres({ url: database.url, poolSize: 1, genericPlans: true, log: (text, parameters) => queries.push({ sql: text, parameters }) });
  });
  afterAll(async () => {
    await pool?.destroy();
    await database?.drop();
  });
  const lastWith = (text: string): LoggedQuery => {
    const query = queries.filter((q) => q.sql.includes(text)).at(-1);
    if (!query) throw new Error(`no statement with ${text} was logged`);
    return query;
  };
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the logged pool opens in beforeAll: use it inside a test');
    return value;
  };
  return {
    database: () => opened(database),
    pool: () => opened(pool),
    lastOf: (marker) => lastWith(`/* prepared: ${marker} */`),
    lastWith,
  };
}

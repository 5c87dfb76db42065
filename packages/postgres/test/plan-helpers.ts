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
  Plans?: PlanNode[];
}

/** Every node, sub-plans included. */
export const allNodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(allNodes)];

/**
 * The generic plan of a logged statement, prepared afresh and executed with its parameters as
 * literals. `analyze`: run too (what it writes rolled back), with how often each node ran.
 */
export async function genericPlanOf(db: ChatDatabase, query: { sql: string; parameters: readonly unknown[] }, { analyze = false } = {}): Promise<PlanNode> {
  const plan = await db.connection().execute(async (connection) => {
    await sql`set plan_cache_mode = force_generic_plan`.execute(connection);
    await sql`prepare generic_statement as ${sql.raw(query.sql)}`.execute(connection);
    if (analyze) await sql`begin`.execute(connection);
    try {
      const values = sql.join(query.parameters.map((value) => sql.lit(parameterText(value))));
      const options = sql.raw(analyze ? 'analyze, format json' : 'format json');
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


/**
 * A database of its own for the enclosing block, opened before its tests and dropped after them,
 * and a pool on it that plans as the API's does (generic plans) and logs each statement it runs.
 */
export function aLoggedPool(): {
  database(): TestDatabase;
  pool(): ChatDatabase;
  lastOf(marker: string): { sql: string; parameters: readonly unknown[] };
  lastWith(fragment: string): { sql: string; parameters: readonly unknown[] };
} {
  const queries: { sql: string; parameters: readonly unknown[] }[] = [];
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
  const opened = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the logged pool opens in beforeAll: use it inside a test');
    return value;
  };
  return {
    database: () => opened(database),
    pool: () => opened(pool),
    lastOf(marker) {
      const query = queries.filter((q) => q.sql.includes(`/* prepared: ${marker} */`)).at(-1);
      if (!query) throw new Error(`no ${marker} statement was logged`);
      return query;
    },
    /** The last statement whose text holds `fragment` (one not prepared has no marker). */
    lastWith(fragment) {
      const query = queries.filter((q) => q.sql.includes(fragment)).at(-1);
      if (!query) throw new Error(`no statement with ${fragment} was logged`);
      return query;
    },
  };
}

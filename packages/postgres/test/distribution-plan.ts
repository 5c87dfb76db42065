import type { ChatDatabase } from '@chat/postgres';
import { sql } from 'kysely';
import { inlinedText, type LoggedQuery } from './plan-helpers';

/*
 * The Citus plan of docs/sharding.md, read off PostgreSQL's own plans: for each
 * read of a distributed table, is it pinned to one route (its distribution column equal to a value
 * the statement was given, which Citus' router planner prunes on), or joined on that column to a
 * pinned read of a co-located table, or neither (Citus would send it to every shard)?
 */

/** Each table a hot statement touches: its distribution column, or null for a reference table. */
export const DISTRIBUTION: Readonly<Record<string, string | null>> = {
  servers: 'id',
  channels: 'server_id',
  members: 'server_id',
  roles: 'server_id',
  member_roles: 'server_id',
  // No such column today: the migration adds it (docs/sharding.md, "What the migration adds").
  channel_overwrites: 'server_id',
  conversations: 'id',
  conversation_recipients: 'conversation_id',
  // `route_id`: the server's id for a server channel's rows, the conversation's own id for a
  // conversation's. No such column today on these three.
  messages: 'route_id',
  reactions: 'route_id',
  read_states: 'route_id',
  // The send already writes the route here (`coalesce(server_id, channel_id)`).
  events: 'server_id',
  users: null,
  sessions: null,
  blocks: null,
};

interface Node {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  Operation?: string;
  Output?: string[];
  Plans?: Node[];
  [condition: string]: unknown;
}

const CONDITIONS = ['Index Cond', 'Recheck Cond', 'Filter', 'TID Cond', 'Join Filter', 'Hash Cond', 'Merge Cond'];

/** A statement value as PostgreSQL plans it once inlined: a quoted literal, maybe cast, or a number. */
const CONSTANT = String.raw`(?:'(?:[^']|'')*'(?:::[\w ]+(?:\[\])?)?|\d+|\(\d+\)::bigint)`;

export interface Read {
  readonly table: string;
  readonly alias: string;
  /** `pinned`: key = a statement value; `joined`: key = the key of `to`; `open`: neither (what it is read by). */
  readonly how: { kind: 'pinned' } | { kind: 'joined'; to: string } | { kind: 'open'; by: string };
}

/** The plan of a logged statement with its values written in as literals (not executed). */
export async function inlinedPlanOf(db: ChatDatabase, query: LoggedQuery): Promise<Node> {
  const { rows } = await sql<{ 'QUERY PLAN': { Plan: Node }[] }>`explain (verbose, format json) ${sql.raw(inlinedText(query))}`.execute(db);
  const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!plan) throw new Error('no plan');
  return plan;
}

/**
 * The columns of each table, in order, dropped ones as '' (an insert's plan gives its row's values
 * in this order, a null where a column was dropped).
 */
export async function columnsOf(db: ChatDatabase): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ table: string; columns: string[] }>`
    select c.relname as table, array_agg(case when a.attisdropped then '' else a.attname::text end order by a.attnum) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
    join pg_attribute a on a.attrelid = c.oid and a.attnum > 0
    where c.relkind = 'r' group by c.relname`.execute(db);
  return new Map(rows.map((row) => [row.table, row.columns]));
}

/** Every read and insert of a distributed table in the plan, and how it finds its shard. */
export function readsOf(plan: Node, columns: Map<string, string[]>): Read[] {
  const found: { table: string; alias: string; conditions: string[]; inserted?: string }[] = [];
  const walk = (node: Node, joins: string[]) => {
    const here = CONDITIONS.map((name) => node[name]).filter((c): c is string => typeof c === 'string');
    const table = node['Relation Name'];
    if (table !== undefined) {
      if (!(table in DISTRIBUTION)) throw new Error(`${table} is read by a hot statement but has no place in DISTRIBUTION (and in docs/sharding.md's table)`);
      if (node['Node Type'] === 'ModifyTable') {
        // An insert's row is its child's output, column by column; an update's or a delete's rows are its scan's.
        if (node.Operation === 'Insert') {
          const key = DISTRIBUTION[table];
          const index = key === null || key === undefined ? -1 : (columns.get(table) ?? []).indexOf(key);
          found.push({ table, alias: node.Alias ?? table, conditions: [], inserted: index < 0 ? undefined : node.Plans?.[0]?.Output?.[index] });
        }
      } else {
        found.push({ table, alias: node.Alias ?? table, conditions: [...here, ...joins] });
      }
    }
    for (const child of node.Plans ?? []) walk(child, node['Node Type'].includes('Join') || node['Node Type'] === 'Nested Loop' ? [...joins, ...here] : joins);
  };
  walk(plan, []);
  const tableOf = new Map(found.map((f) => [f.alias, f.table]));
  return found
    .filter((f) => DISTRIBUTION[f.table] !== null)
    .map((f): Read => {
      const key = DISTRIBUTION[f.table]!;
      if (f.conditions.length === 0 && f.inserted === undefined && !(columns.get(f.table) ?? []).includes(key)) return { table: f.table, alias: f.alias, how: { kind: 'open', by: `no ${key} column` } };
      if (f.inserted !== undefined) {
        return { table: f.table, alias: f.alias, how: new RegExp(`^${CONSTANT}$`).test(f.inserted) ? { kind: 'pinned' } : { kind: 'open', by: `${key} from the statement's own rows` } };
      }
      const text = f.conditions.join(' AND ');
      const column = `${f.alias}\\.${key}`;
      if (new RegExp(`${column} = ${CONSTANT}\\)|\\(${CONSTANT} = ${column}\\b`).test(text)) return { table: f.table, alias: f.alias, how: { kind: 'pinned' } };
      const range = new RegExp(`${column} >= (${CONSTANT})\\).*${column} <= (${CONSTANT})\\)`).exec(text);
      if (range && range[1] === range[2]) return { table: f.table, alias: f.alias, how: { kind: 'pinned' } };
      if (new RegExp(`${column} = \\$\\d+\\)`).test(text)) return { table: f.table, alias: f.alias, how: { kind: 'open', by: `${key} from an enclosing row` } };
      for (const match of text.matchAll(new RegExp(`${column} = (\\w+)\\.(\\w+)\\)|\\((\\w+)\\.(\\w+) = ${column}\\b`, 'g'))) {
        const [other, otherColumn] = match[1] !== undefined ? [match[1], match[2]] : [match[3], match[4]];
        const otherTable = tableOf.get(other ?? '');
        if (otherTable !== undefined && DISTRIBUTION[otherTable] === otherColumn) return { table: f.table, alias: f.alias, how: { kind: 'joined', to: other! } };
      }
      const by = [...new Set([...text.matchAll(new RegExp(`\\b${f.alias}\\.(\\w+) (?:=|>=)`, 'g'))].map((m) => m[1]))].join(', ');
      return { table: f.table, alias: f.alias, how: { kind: 'open', by: by === '' ? 'nothing' : by } };
    });
}

/** A statement's name: its prepared mark, else its verb and the table it reads or writes (outside parentheses). */
export function statementName(text: string): string {
  const mark = /\/\* prepared: (\w+) \*\//.exec(text);
  if (mark) return mark[1]!;
  let flat = text;
  for (let inner = flat.replace(/\([^()]*\)/g, ''); inner !== flat; inner = flat.replace(/\([^()]*\)/g, '')) flat = inner;
  const verb = /^\s*(\w+)/.exec(flat)?.[1] ?? '?';
  const table = /\b(?:from|into|update)\s+"?(\w+)"?/.exec(flat)?.[1] ?? '?';
  return `${verb} ${table}${/\bfor update\b/.test(flat) ? ' for update' : ''}`;
}

/**
 * The reads that do not find their route: open ones, and joined ones whose partner does not
 * (transitively), each as `table(what it is read by)`, sorted; repeats kept once.
 */
export function unrouted(reads: readonly Read[]): string[] {
  const routed = new Set(reads.filter((r) => r.how.kind === 'pinned').map((r) => r.alias));
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of reads) {
      if (r.how.kind === 'joined' && !routed.has(r.alias) && routed.has(r.how.to)) {
        routed.add(r.alias);
        grew = true;
      }
    }
  }
  const label = (r: Read): string => `${r.table}(${r.how.kind === 'open' ? r.how.by : `${r.how.kind === 'joined' ? 'joined to an unrouted read' : ''}`})`;
  return [...new Set(reads.filter((r) => !routed.has(r.alias)).map(label))].sort();
}

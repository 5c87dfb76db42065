/**
 * Fields of a database driver's error that carry the statement or its values: node-pg's `detail`
 * (e.g. `Key (email)=(…) already exists`), `where` and `internalQuery`, PGlite's `query`, `params`
 * and `queryOptions`, and the names other drivers use. They never reach a log.
 */
const WITHHELD = new Set(['query', 'params', 'parameters', 'queryOptions', 'detail', 'where', 'internalQuery', 'hint', 'sql', 'bindings']);

/** SQLSTATE class 22 (data exception): PostgreSQL's message quotes the value it could not take. */
const quotesAValue = (code: unknown): boolean => typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);

const MAX_CAUSES = 5;

/**
 * An error as the logs may keep it: its type, message, stack and the plain (string, number,
 * boolean) fields that say what went wrong, like a driver's SQLSTATE `code`, `table` or
 * `constraint`, and errors it holds, each kept the same way; never the SQL or its parameters, nor
 * any other nested object (ioredis' `command.args`, which hold an AUTH's password), and the message withheld
 * where the database quotes a value in it. Causes are kept, each the same way.
 */
export function logSafeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const fields: Record<string, unknown> = { type: error.constructor.name };
  for (const [key, value] of Object.entries(error)) {
    if (WITHHELD.has(key) || key === 'cause') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
    // An error held by another (ioredis' ClusterAllFailedError.lastNodeError: why every node refused), kept the same way.
    else if (value instanceof Error && depth < MAX_CAUSES) fields[key] = logSafeError(value, depth + 1);
  }
  const code: unknown = fields['code'];
  if (quotesAValue(code)) {
    fields['message'] = `(withheld: SQLSTATE ${String(code)} may quote a value)`;
    fields['stack'] = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
  } else {
    fields['message'] = error.message;
    fields['stack'] = error.stack;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) fields['cause'] = logSafeError(error.cause, depth + 1);
  return fields;
}

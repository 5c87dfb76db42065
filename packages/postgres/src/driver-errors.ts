/** What both drivers put on a server error: the SQLSTATE and, for constraint errors, its name. */
interface DriverError {
  readonly code?: unknown;
  readonly constraint?: unknown;
}

const asDriverError = (error: unknown): DriverError => (typeof error === 'object' && error !== null ? error : {});

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: name } = asDriverError(error);
  return code === '23505' && (constraint === undefined || name === constraint);
}

export function isForeignKeyViolation(error: unknown, constraint?: string): boolean {
  const { code, constraint: name } = asDriverError(error);
  return code === '23503' && (constraint === undefined || name === constraint);
}

/**
 * PostgreSQL aborted the transaction to settle a conflict with another one (a deadlock, 40P01, or
 * a serialization failure, 40001): nothing of it was committed, so running it again is safe.
 */
export function isTransientConflict(error: unknown): boolean {
  const { code } = asDriverError(error);
  return code === '40P01' || code === '40001';
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

/**
 * The database is away rather than the query wrong: connection failures, shutdowns (class 08 and
 * 57P0x), too many connections, a statement or read timeout, or node-pg giving up on a dead socket.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const { code } = asDriverError(error);
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code) || code === '53300' || code === '57014')) {
    return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout/i.test(message);
}


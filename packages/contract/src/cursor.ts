/*
 * A gateway cursor: `<logId>-<position>`, e.g. `k3v9x2-1042`. `logId` (1-64 of [0-9a-z]; 12 hex digits,
 * drawn at random when the database's event log was created) names the log the position counts in; `position` (a decimal
 * integer, no leading zero, at most 15 digits) is the event's place in that log, gapless and
 * increasing. A `ready` carries the head's cursor and each dispatch its own; `resume` sends back
 * the last one handled. To a client it is opaque (the AsyncAPI document says so): only the server
 * reads it, and one of another log (a replaced database) or past the retention window is answered
 * with `invalid_session`.
 */

/** Positions are per log: a cursor names the log too, so one from a replaced database is refused. */
export const formatCursor = (logId: string, position: number): string => `${logId}-${position}`;

export function parseCursor(text: string): { readonly logId: string; readonly position: number } | null {
  const match = /^([0-9a-z]{1,64})-(0|[1-9][0-9]{0,14})$/.exec(text);
  return match?.[1] && match[2] ? { logId: match[1], position: Number(match[2]) } : null;
}

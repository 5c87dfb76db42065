/** What the page tells a person when the API says no: pure functions, no DOM (unit-tested in Node). */

/** The part of the SDK's `ChatApiError` this needs (kept structural, so this module imports nothing). */
export interface ApiFailure {
  readonly status: number;
  readonly code: string;
  readonly problem: Record<string, unknown>;
  readonly retryAfterMs?: number;
}

const isApiFailure = (error: unknown): error is ApiFailure =>
  typeof error === 'object' && error !== null && typeof (error as ApiFailure).status === 'number' && typeof (error as ApiFailure).code === 'string';

/** "in 7 seconds", "in 1 minute 5 seconds"; "in a moment" when the API gave no wait. */
export function waitInWords(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms) || ms <= 0) return 'in a moment';
  const seconds = Math.ceil(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (minutes === 0) return `in ${part(rest, 'second')}`;
  return rest === 0 ? `in ${part(minutes, 'minute')}` : `in ${part(minutes, 'minute')} ${part(rest, 'second')}`;
}

/** The field a validation issue names, as a person would call it ("content" → "Message"). */
const FIELD_NAMES: Record<string, string> = {
  content: 'Message',
  name: 'Name',
  username: 'Username',
  email: 'Email',
  password: 'Password',
  emoji: 'Reaction',
  code: 'Invite code',
  recipientIds: 'People',
  displayName: 'Display name',
  avatar: 'Avatar URL',
  q: 'Search',
  file: 'File',
  attachmentIds: 'Files',
};

/** The fields a problem's `errors` name. */
const issuePaths = (problem: Record<string, unknown>): string[] =>
  Array.isArray(problem.errors) ? problem.errors.flatMap((issue: unknown) => (typeof issue === 'object' && issue !== null && typeof (issue as { path?: unknown }).path === 'string' ? [(issue as { path: string }).path] : [])) : [];

function issuesInWords(problem: Record<string, unknown>): string | undefined {
  const errors = problem.errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const parts = errors.flatMap((issue: unknown) => {
    if (typeof issue !== 'object' || issue === null) return [];
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') return [];
    const field = typeof path === 'string' && path ? (FIELD_NAMES[path.split('.')[0] ?? ''] ?? path) : undefined;
    return [field ? `${field}: ${message}` : message];
  });
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/** One sentence for a person, from whatever a call threw. Never markup: the page shows it as text. */
export function describeError(error: unknown, action = 'That'): string {
  if (isApiFailure(error)) {
    const detail = typeof error.problem.detail === 'string' ? error.problem.detail : undefined;
    switch (true) {
      case error.status === 429:
        return `Too many requests: please wait. You can try again ${waitInWords(error.retryAfterMs)}.`;
      case error.code === 'UNAUTHENTICATED':
        return 'Your session has ended. Please log in again.';
      // A username someone else has (changing one's own): the API names the field.
      case error.status === 409 && issuePaths(error.problem).includes('username'):
        return 'That username is taken.';
      // Direct conversations: said in words of their own, whatever the API's detail.
      case error.code === 'BLOCKED':
        return `${action} is not possible: one of you has blocked the other.`;
      case error.code === 'NO_SHARED_SERVER':
        return `${action} is not possible: you can only write to, or add to a group, someone who shares a server with you.`;
      // Files: one too large for the server, a day's uploads used up.
      case error.status === 413:
        return `${action} failed: the file is too large for this server.${detail ? ` ${detail}` : ''}`;
      case error.code === 'QUOTA_EXCEEDED':
        return `${action} is over your limit${detail ? `: ${detail}` : '.'} Please try again later.`;
      case error.status === 403:
        return `${action} is not allowed${detail ? `: ${detail}` : '.'}`;
      case error.status === 404:
        return `Not found${detail ? `: ${detail}` : '.'}`;
      case error.status === 400 || error.status === 422: {
        const issues = issuesInWords(error.problem);
        return issues ? `Please check: ${issues}.` : `Please check what you entered${detail ? `: ${detail}` : '.'}`;
      }
      case error.status >= 500:
        return `The server could not do that right now (${error.status}). Please try again shortly.`;
      default:
        return detail ?? `${action} failed (${error.status} ${error.code}).`;
    }
  }
  // fetch rejects with a TypeError when the network is down or the server is away.
  if (error instanceof TypeError) return 'Cannot reach the server. Check your connection and try again.';
  return `Something went wrong: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * The device tokens this browser was given, one per login name, kept across visits so a person's
 * next login here is counted apart from failures elsewhere (see the API's *Rate limits*). Unlike the
 * session token they are stored: a script that read one would get a login's guessing budget, never
 * a session.
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const KEY = 'chat.deviceTokens';
/** Enough for the accounts one browser is used with; the oldest go first. */
const MAX_NAMES = 20;

const nameKey = (name: string): string => name.trim().toLowerCase();

/** Oldest first; a Map, so no name (`__proto__`) is special. */
function read(store: KeyValueStore): Map<string, string> {
  try {
    const parsed: unknown = JSON.parse(store.getItem(KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return new Map();
    return new Map(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return new Map(); // storage refused (a private window) or held something else: no token, an unknown client
  }
}

/** The token last given for this email or username, if any. */
export function deviceTokenFor(store: KeyValueStore, name: string): string | undefined {
  return read(store).get(nameKey(name));
}

/** Keeps a new token under each name the person may log in with next time. */
export function rememberDeviceToken(store: KeyValueStore, names: readonly string[], token: string): void {
  const kept = read(store);
  for (const name of names) {
    kept.delete(nameKey(name));
    kept.set(nameKey(name), token);
  }
  const newest = [...kept].slice(-MAX_NAMES);
  try {
    store.setItem(KEY, JSON.stringify(Object.fromEntries(newest)));
  } catch {
    // Storage full or refused: the login worked; the next one is an unknown client's, as before.
  }
}

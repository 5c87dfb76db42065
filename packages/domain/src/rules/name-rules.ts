import type { Issue } from '../errors';
import { cleanTextIssues, codePointLength, shownNameIssues } from './text';

export const SERVER_NAME = { min: 1, max: 100 } as const;
export const CHANNEL_NAME = { min: 1, max: 100 } as const;

function shownNameOfLengthIssues(value: string, bounds: { min: number; max: number }, path: string): Issue[] {
  const unclean = cleanTextIssues(value, path);
  if (unclean.length > 0) return unclean;
  const length = codePointLength(value.trim());
  if (length < bounds.min || length > bounds.max) {
    return [{ path, message: `must be ${bounds.min}-${bounds.max} characters after trimming` }];
  }
  return shownNameIssues(value, path);
}

export const serverNameIssues = (name: string, path = 'name'): Issue[] => shownNameOfLengthIssues(name, SERVER_NAME, path);
export const channelNameIssues = (name: string, path = 'name'): Issue[] => shownNameOfLengthIssues(name, CHANNEL_NAME, path);

export const ROLE_NAME = { min: 1, max: 100 } as const;
export const roleNameIssues = (name: string, path = 'name'): Issue[] => shownNameOfLengthIssues(name, ROLE_NAME, path);

/** A user's display name: shown beside (or instead of) the username, so held to the same rules as other shown names. */
export const DISPLAY_NAME = { min: 1, max: 32 } as const;
/** `null` clears it; otherwise 1-32 characters after trimming, as a server's name is checked. */
export const displayNameIssues = (name: string | null, path = 'displayName'): Issue[] =>
  name === null ? [] : shownNameOfLengthIssues(name, DISPLAY_NAME, path);

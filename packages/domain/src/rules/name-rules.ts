import type { Issue } from '../errors';
import { codePointLength, isCleanText, uncleanTextIssue } from './text';

export const SERVER_NAME = { min: 1, max: 100 } as const;
export const CHANNEL_NAME = { min: 1, max: 100 } as const;

function trimmedLengthIssues(value: string, bounds: { min: number; max: number }, path: string): Issue[] {
  if (!isCleanText(value)) return [uncleanTextIssue(path)];
  const length = codePointLength(value.trim());
  if (length < bounds.min || length > bounds.max) {
    return [{ path, message: `must be ${bounds.min}-${bounds.max} characters after trimming` }];
  }
  return [];
}

export const serverNameIssues = (name: string, path = 'name'): Issue[] => trimmedLengthIssues(name, SERVER_NAME, path);
export const channelNameIssues = (name: string, path = 'name'): Issue[] => trimmedLengthIssues(name, CHANNEL_NAME, path);

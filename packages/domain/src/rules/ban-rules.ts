import { BAN_REASON_MAX } from '../entities/ban';
import type { Issue } from '../errors';
import { cleanTextIssues, codePointLength } from './text';

/** A ban's reason as the owner gives it: null or blank for none; trimmed, at most `BAN_REASON_MAX` characters. */
export function banReasonIssues(reason: string | null | undefined, path = 'reason'): Issue[] {
  if (reason === null || reason === undefined) return [];
  const unclean = cleanTextIssues(reason, path);
  if (unclean.length > 0) return unclean;
  return codePointLength(reason.trim()) > BAN_REASON_MAX ? [{ path, message: `must be at most ${BAN_REASON_MAX} characters` }] : [];
}

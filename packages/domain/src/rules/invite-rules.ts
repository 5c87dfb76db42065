import { INVITE_LIMITS } from '../entities/invite';
import type { Issue } from '../errors';

/** What a creator may ask of a new invite; left out, the defaults apply. */
export interface InviteOptions {
  /** Joins it allows in all; null or left out: no limit. */
  readonly maxUses?: number | null;
  /** Seconds until it stops working; null: never; left out: the default (7 days). */
  readonly expiresInSeconds?: number | null;
}

const between = (value: number | null | undefined, bounds: { readonly min: number; readonly max: number }, path: string): Issue[] =>
  value === undefined || value === null || (Number.isInteger(value) && value >= bounds.min && value <= bounds.max)
    ? []
    : [{ path, message: `must be an integer ${bounds.min}-${bounds.max}, or null` }];

export const inviteOptionsIssues = (options: InviteOptions): Issue[] => [
  ...between(options.maxUses, INVITE_LIMITS.maxUses, 'maxUses'),
  ...between(options.expiresInSeconds, INVITE_LIMITS.expiresInSeconds, 'expiresInSeconds'),
];

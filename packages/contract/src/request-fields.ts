import { isCleanText, UNCLEAN_TEXT, type Issue } from '@chat/domain';
import { z } from 'zod';

/* The building blocks of the request schemas (`requests.ts`, `message-requests.ts`). */

export const string = () => z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') });

/**
 * Every string a client gives us to keep goes through here: clean text first (no NUL, no lone
 * surrogate, which PostgreSQL cannot store), then the field's own rule, which only runs on clean text.
 */
export const text = (description: string) =>
  string()
    .refine(isCleanText, { message: UNCLEAN_TEXT, abort: true })
    .meta({ description });

/** A string only compared with what is stored (a login's name): anything unclean names no account. */
export const lookup = (description: string) => string().meta({ description });

/** Runs a domain rule as a zod check, keeping the rule's own messages. */
export const rule =
  <T>(issues: (value: T) => Issue[]) =>
  (value: T, ctx: z.RefinementCtx): void => {
    for (const issue of issues(value)) ctx.addIssue({ code: 'custom', message: issue.message });
  };

export const integerParam = (bounds: { min: number; max: number }, description: string) =>
  z
    .string()
    .regex(/^[0-9]{1,7}$/, `must be an integer ${bounds.min}-${bounds.max}`)
    .transform(Number)
    .pipe(z.number().min(bounds.min, `must be an integer ${bounds.min}-${bounds.max}`).max(bounds.max, `must be an integer ${bounds.min}-${bounds.max}`))
    .meta({ description });

export const idParam = (description: string) => z.string().regex(/^[0-9]{1,19}$/, 'must be an id').meta({ description });

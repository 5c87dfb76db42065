import { z } from 'zod';

/* Fields that many shapes share. */

export const timestamp = z.iso.datetime().meta({ description: 'ISO 8601, UTC, milliseconds' });
export const id = z.string().meta({ description: 'Snowflake id: a decimal string, ordered by creation time' });

export const UserSummaryResponse = z.object({ id, username: z.string() }).meta({ id: 'UserSummary' });

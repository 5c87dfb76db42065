import type { UserSummary } from '@chat/domain';
import { z } from 'zod';
import { str, strOrNull, type Json } from './read-json';

/* Fields that many shapes share. */

export const timestamp = z.iso.datetime().meta({ description: 'ISO 8601, UTC, milliseconds' });
export const id = z.string().meta({ description: 'Snowflake id: a decimal string, ordered by creation time' });
/** An avatar or banner as it is set: the request's field. */
export const IMAGE_REFERENCE_DESCRIPTION =
  'An https URL of at most 2048 characters; or the id of a PNG, JPEG, GIF or WebP image you uploaded (POST /api/attachments) that no message or other avatar uses; or null to clear it';

/** An avatar or banner as it is read: a URL given, or an uploaded image's link that never expires. */
export const imageField = () =>
  z
    .string()
    .nullable()
    .meta({ description: "An https URL of an image; or, for an uploaded one, a link relative to the API's origin that never expires (/api/attachments/{id}?purpose=avatar&signature=…); or null" });

export const ShownStatusField = z.enum(['online', 'idle', 'dnd', 'offline']).meta({ description: 'What others see: offline without a socket on any replica, or invisible' });

export const UserSummaryResponse = z
  .object({
    id,
    username: z.string(),
    displayName: z.string().nullable().meta({ description: 'Shown instead of the username where set (1-32 characters)' }),
    avatar: imageField(),
  })
  .meta({ id: 'UserSummary' });

/** A user as others see them, wherever one is named; the keys in the schema's order (the SQL renderers follow it). */
export const userSummaryJson = (u: UserSummary): z.output<typeof UserSummaryResponse> => ({
  id: u.id,
  username: u.username,
  displayName: u.displayName,
  avatar: u.avatar,
});

/** `userSummaryJson` read back; one logged before users had display names and avatars has neither. */
export const userSummaryFromJson = (d: Json): UserSummary => ({
  id: str(d.id),
  username: str(d.username),
  displayName: d.displayName === undefined ? null : strOrNull(d.displayName),
  avatar: d.avatar === undefined ? null : strOrNull(d.avatar),
});

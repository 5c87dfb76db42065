import { DISPLAY_NAME, displayNameIssues, imageReferenceIssues, USERNAME, usernameIssues, type Account, type UserProfile } from '@chat/domain';
import { z } from 'zod';
import { IMAGE_REFERENCE_DESCRIPTION, timestamp, userSummaryJson, UserSummaryResponse } from './fields';
import { rule } from './request-fields';

/* A user's own account and another's profile on the wire: the change's request, and both answers. */

const stringOrNull = () => z.union([z.string(), z.null()], { error: 'must be a string or null' });

export const UpdateAccountBody = z
  .strictObject(
    {
      username: z
        .string({ error: 'must be a string' })
        .superRefine(rule(usernameIssues))
        .meta({ description: `${USERNAME.min}-${USERNAME.max} letters, digits, "_", "." or "-"; unique ignoring case` })
        .optional(),
      displayName: stringOrNull()
        .superRefine(rule(displayNameIssues))
        .meta({ description: `${DISPLAY_NAME.min}-${DISPLAY_NAME.max} characters, trimmed; null clears it` })
        .optional(),
      avatar: stringOrNull()
        .superRefine(rule((value: string | null) => imageReferenceIssues(value, 'avatar')))
        .meta({ description: IMAGE_REFERENCE_DESCRIPTION })
        .optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? `has fields that cannot be changed here: ${issue.keys.join(', ')}` : undefined) },
  )
  .meta({ id: 'UpdateAccountRequest', description: 'At least one of the fields; those left out stay as they are' });

export const AccountResponse = UserSummaryResponse.extend({
  email: z.string(),
  createdAt: timestamp,
  bot: z.boolean(),
}).meta({ id: 'Account', description: 'Your own account' });

export const accountJson = (a: Account): z.output<typeof AccountResponse> => ({
  ...userSummaryJson(a),
  email: a.email,
  createdAt: a.createdAt.toISOString(),
  bot: a.bot,
});

export const UserProfileResponse = UserSummaryResponse.extend({ bot: z.boolean() }).meta({
  id: 'UserProfile',
  description: 'A user who shares a server with you (or you)',
});

export const userProfileJson = (p: UserProfile): z.output<typeof UserProfileResponse> => ({ ...userSummaryJson(p), bot: p.bot });

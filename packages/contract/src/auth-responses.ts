import type { ApplicationView, AuthGrant, CreatedApplication, SessionView } from '@chat/domain';
import { z } from 'zod';
import { id, timestamp, userSummaryJson, UserSummaryResponse } from './fields';

/* Answers of logging in, of sessions and of bot applications, each with its serializer. */

export const AuthResponse = z
  .object({
    token: z.string().meta({ description: 'Send as `Authorization: <token>` or `Authorization: Bearer <token>`' }),
    user: UserSummaryResponse,
    deviceToken: z.string().meta({
      description:
        'Keep it (it is a credential of this client, valid a year) and send it as `deviceToken` with the next login to this account: that login then has a failed-login limit of its own, which failures from other clients cannot use up. A new one comes with each login.',
    }),
  })
  .meta({ id: 'AuthGrant' });

export const authGrantJson = (g: AuthGrant): z.output<typeof AuthResponse> => ({
  token: g.token,
  user: userSummaryJson(g.user),
  deviceToken: g.deviceToken,
});

export const SessionResponse = z
  .object({
    id,
    createdAt: timestamp,
    lastUsedAt: timestamp.meta({ description: 'When a request last came with one of its tokens, to within 5 minutes' }),
    expiresAt: timestamp.meta({ description: 'When its tokens stop working' }),
    userAgent: z.string().nullable().meta({ description: 'The User-Agent it logged in with (at most 256 characters), if any' }),
    current: z.boolean().meta({ description: 'Whether this request came with this session' }),
  })
  .meta({ id: 'Session' });

export const sessionJson = (v: SessionView): z.output<typeof SessionResponse> => ({
  id: v.id,
  createdAt: v.createdAt.toISOString(),
  lastUsedAt: v.lastUsedAt.toISOString(),
  expiresAt: v.expiresAt.toISOString(),
  userAgent: v.userAgent,
  current: v.current,
});

export const ApplicationResponse = z
  .object({ id, name: z.string(), clientId: z.string(), bot: UserSummaryResponse })
  .meta({ id: 'Application' });

export const applicationJson = (a: ApplicationView): z.output<typeof ApplicationResponse> => ({
  id: a.id,
  name: a.name,
  clientId: a.clientId,
  bot: userSummaryJson(a.bot),
});

export const CreatedApplicationResponse = z
  .object({
    id,
    name: z.string(),
    clientId: z.string(),
    clientSecret: z.string().meta({ description: 'Shown once; only a hash is kept (an Idempotency-Key replay shows a new one)' }),
    bot: UserSummaryResponse,
  })
  .meta({ id: 'ApplicationWithSecret' });

export const createdApplicationJson = (a: CreatedApplication): z.output<typeof CreatedApplicationResponse> => ({
  ...applicationJson(a),
  clientSecret: a.clientSecret,
});

import { z } from 'zod';

/* Response schemas: documentation only; the serializers produce exactly these shapes. */

const timestamp = z.iso.datetime().meta({ description: 'ISO 8601, UTC, milliseconds' });
const id = z.string().meta({ description: 'Snowflake id: a decimal string, ordered by creation time' });

export const UserSummaryResponse = z.object({ id, username: z.string() }).meta({ id: 'UserSummary' });

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

export const ServerResponse = z
  .object({
    id,
    name: z.string(),
    avatar: z.string().nullable(),
    banner: z.string().nullable(),
    verified: z.boolean(),
    defaultChannelId: id,
    ownerId: id,
    createdAt: timestamp,
    membersCanInvite: z.boolean().meta({ description: 'Whether members other than the owner may create invites (bots never may)' }),
  })
  .meta({ id: 'Server' });

export const ChannelResponse = z.object({ id, serverId: id, name: z.string(), createdAt: timestamp }).meta({ id: 'Channel' });

export const MemberResponse = z
  .object({ userId: id, serverId: id, joinedAt: timestamp, user: UserSummaryResponse })
  .meta({ id: 'Member' });

export const InviteResponse = z
  .object({
    code: z.string(),
    serverId: id,
    creatorId: id,
    createdAt: timestamp,
    expiresAt: timestamp.nullable().meta({ description: 'When it stops working; null: never' }),
    maxUses: z.number().int().nullable().meta({ description: 'How many joins it allows in all; null: no limit' }),
    uses: z.number().int().meta({ description: 'How many joins it has let in' }),
  })
  .meta({ id: 'Invite' });

export const InvitePreviewResponse = z
  .object({
    code: z.string(),
    server: z.object({ id, name: z.string(), avatar: z.string().nullable(), memberCount: z.number().int().meta({ description: 'Members now' }) }),
    expiresAt: timestamp.nullable().meta({ description: 'When it stops working; null: never' }),
  })
  .meta({ id: 'InvitePreview' });

export const BanResponse = z
  .object({
    user: z
      .object({
        id,
        username: z.string().nullable().meta({
          description: 'Null unless the user was a member when banned or shares a server with the caller: a ban of any id must not reveal whose it is',
        }),
      })
      .meta({ id: 'BannedUser' }),
    reason: z.string().nullable(),
    createdAt: timestamp,
  })
  .meta({ id: 'Ban' });

export const ReactionSummaryResponse = z
  .object({ emoji: z.string(), count: z.number().int(), reacted: z.boolean().meta({ description: 'Whether the caller reacted' }) })
  .meta({ id: 'ReactionSummary' });

export const MessageResponse = z
  .object({
    id,
    channelId: id,
    content: z.string(),
    createdAt: timestamp,
    editedAt: timestamp.nullable(),
    author: UserSummaryResponse,
    reactions: z.array(ReactionSummaryResponse),
  })
  .meta({ id: 'Message' });

export const SentMessageResponse = MessageResponse.extend({
  nonce: z.string().optional().meta({ description: 'The request\'s nonce, when it had one' }),
}).meta({ id: 'SentMessage' });

export const ReactionStateResponse = z
  .object({ messageId: id, emoji: z.string(), count: z.number().int(), reacted: z.boolean() })
  .meta({ id: 'ReactionState' });

export const ProblemResponse = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().meta({ description: 'Stable machine code, e.g. VALIDATION_FAILED, NOT_FOUND, RATE_LIMITED' }),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    requestId: z.string().optional().meta({ description: 'The request\'s id (also its X-Request-Id header), to quote when reporting a problem' }),
  })
  .meta({ id: 'Problem' });

export const ApplicationResponse = z
  .object({ id, name: z.string(), clientId: z.string(), bot: UserSummaryResponse })
  .meta({ id: 'Application' });

export const CreatedApplicationResponse = z
  .object({
    id,
    name: z.string(),
    clientId: z.string(),
    clientSecret: z.string().meta({ description: 'Shown once; only a hash is kept (an Idempotency-Key replay shows a new one)' }),
    bot: UserSummaryResponse,
  })
  .meta({ id: 'ApplicationWithSecret' });

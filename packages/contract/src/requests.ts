import {
  APPLICATION_PAGE_LIMIT,
  BAN_PAGE_LIMIT,
  BLOCK_PAGE_LIMIT,
  BAN_REASON_MAX,
  banReasonIssues,
  CHANNEL_PAGE_LIMIT,
  CONVERSATION_PAGE_LIMIT,
  MAX_GROUP_RECIPIENTS,
  SERVER_PAGE_LIMIT,
  CHANNEL_NAME,
  CHANNEL_POSITION,
  CHANNEL_TOPIC,
  MAX_NEW_CHANNEL_OVERWRITES,
  channelPositionIssues,
  topicIssues,
  INVITE_LIMITS,
  EMAIL,
  MEMBER_PAGE_LIMIT,
  PASSWORD,
  SERVER_NAME,
  USERNAME,
  channelNameIssues,
  colorIssues,
  MAX_COLOR,
  PERMISSIONS,
  ROLE_NAME,
  roleNameIssues,
  emailIssues,
  imageReferenceIssues,
  passwordIssues,
  serverNameIssues,
  usernameIssues,
} from '@chat/domain';
import { z } from 'zod';
import { IMAGE_REFERENCE_DESCRIPTION } from './fields';

/*
 * Request schemas: the single source for validation and for the OpenAPI description. The rules
 * themselves live in the domain; these schemas add the shape and call them, so every bad field
 * is reported at once.
 */

import { idParam, integerParam, lookup, rule, text } from './request-fields';

export const RegisterBody = z
  .object({
    username: text(`${USERNAME.min}-${USERNAME.max} letters, digits, "_", "." or "-"; unique ignoring case`).superRefine(rule(usernameIssues)),
    email: text(`A valid address of at most ${EMAIL.max} characters; unique ignoring case`).superRefine(rule(emailIssues)),
    password: text(`${PASSWORD.min}-${PASSWORD.max} characters`).superRefine(rule(passwordIssues)),
  })
  .meta({ id: 'RegisterRequest' });

export const LogInBody = z
  .object({
    email: lookup('The account email; or give username').optional(),
    username: lookup('The account username; or give email').optional(),
    password: lookup('The account password').max(1024, 'is too long').optional(),
    deviceToken: lookup(
      "The `deviceToken` of this client's last login or registration to this account, if it has one: failed logins from other clients then never lock it out (it has a limit of its own). A token that is not one, has expired or is another account's is ignored.",
    )
      .max(2048, 'is too long')
      .optional(),
  })
  .superRefine((body, ctx) => {
    // Checked together, so a request missing both an identifier and the password hears of both.
    const given = [body.email, body.username].filter((value) => value !== undefined).length;
    if (body.password === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: 'is required' });
    if (given === 0) ctx.addIssue({ code: 'custom', path: ['email'], message: 'is required (or give username)' });
    if (given === 2) ctx.addIssue({ code: 'custom', path: ['username'], message: 'give email or username, not both' });
    // A blank name names no account: a 400, as the per-account login limit reads it (not counted).
    for (const field of ['email', 'username'] as const) {
      if (body[field] !== undefined && body[field].trim() === '') ctx.addIssue({ code: 'custom', path: [field], message: 'must not be empty' });
    }
  })
  .transform((body) => {
    const password = body.password ?? '';
    return body.email !== undefined ? { email: body.email, password } : { username: body.username ?? '', password };
  })
  .meta({ id: 'LogInRequest', description: 'Either email or username, and the password.' });

export const ChangePasswordBody = z
  .object({
    currentPassword: lookup('The password the account has now').max(1024, 'is too long'),
    newPassword: text(`${PASSWORD.min}-${PASSWORD.max} characters`).superRefine(rule(passwordIssues)),
  })
  .meta({ id: 'ChangePasswordRequest' });

export const ServerBody = z
  .object({ name: text(`${SERVER_NAME.min}-${SERVER_NAME.max} characters, trimmed`).superRefine(rule(serverNameIssues)) })
  .meta({ id: 'CreateServerRequest' });

/** Avatar or banner: an https URL (at most 2048 characters), an uploaded image's id, or null to clear it. */
const imageReference = (path: 'avatar' | 'banner') =>
  z
    .union([z.string(), z.null()], { error: 'must be a string or null' })
    .superRefine((value, ctx) => {
      for (const issue of imageReferenceIssues(value, path)) ctx.addIssue({ code: 'custom', message: issue.message });
    })
    .meta({ description: IMAGE_REFERENCE_DESCRIPTION })
    .optional();

export const UpdateServerBody = z
  .object({
    name: text(`${SERVER_NAME.min}-${SERVER_NAME.max} characters, trimmed`).superRefine(rule(serverNameIssues)).optional(),
    avatar: imageReference('avatar'),
    banner: imageReference('banner'),
    membersCanInvite: z.boolean({ error: 'must be a boolean' }).meta({ description: 'Whether members other than the owner may create invites' }).optional(),
    defaultChannelId: idParam('A channel of this server: the one new members land in, and the one that cannot be deleted').optional(),
  })
  .meta({ id: 'UpdateServerRequest', description: 'At least one of the fields; those left out stay as they are' });

const roleName = () => text(`${ROLE_NAME.min}-${ROLE_NAME.max} characters, trimmed`).superRefine(rule(roleNameIssues));

const roleColor = () =>
  z
    .union([z.number(), z.null()], { error: 'must be a number or null' })
    .superRefine(rule(colorIssues))
    .meta({ description: `RGB as an integer, 0xRRGGBB (0 to ${MAX_COLOR}), or null for none` })
    .optional();

/**
 * Permission names as a client sends them, for a role and for a channel overwrite alike: an unknown
 * name is a 400 at its index (`permissions.1`, `allow.0`). A set has at most every name once, so
 * twice as many entries leaves room for repeats and still bounds the work.
 */
const permissionNames = (description: string) =>
  z
    .array(z.enum(PERMISSIONS, { error: 'is not a permission' }), { error: 'must be an array of permission names' })
    .max(PERMISSIONS.length * 2, 'has too many entries')
    .meta({ description: `${description}: names from ${PERMISSIONS.join(', ')} (an unknown name is a 400)` });

export const CreateRoleBody = z
  .object({
    name: roleName(),
    color: roleColor(),
    permissions: permissionNames('None when left out; only permissions the caller holds').optional(),
  })
  .meta({ id: 'CreateRoleRequest', description: "The role goes just under the caller's highest role (the owner's: on top)" });

export const UpdateRoleBody = z
  .object({
    name: roleName().optional(),
    color: roleColor(),
    permissions: permissionNames('The whole new set (not a change to it); only permissions the caller holds may be added or removed').optional(),
    position: z
      .number({ error: 'must be an integer' })
      .int({ error: 'must be an integer' })
      .meta({ description: 'From 1 (lowest) to the number of roles besides @everyone, and below the caller\'s highest role; the roles between shift by one' })
      .optional(),
  })
  .meta({ id: 'UpdateRoleRequest', description: "At least one of the fields; @everyone's name and position cannot change, its permissions can" });

/** A count a creator may set, or null for none. */
const boundedOrNull = (bounds: { readonly min: number; readonly max: number }, description: string) => {
  // Stated as an integer with its bounds, so OpenAPI says so too; every way to miss is one message.
  const error = `must be an integer ${bounds.min}-${bounds.max}, or null`;
  return z
    .union([z.number().int({ error }).min(bounds.min, { error }).max(bounds.max, { error }), z.null()], { error })
    .meta({ description })
    .optional();
};

export const CreateInviteBody = z
  .object({
    maxUses: boundedOrNull(INVITE_LIMITS.maxUses, `Joins it allows in all (${INVITE_LIMITS.maxUses.min}-${INVITE_LIMITS.maxUses.max}); null or left out: no limit`),
    expiresInSeconds: boundedOrNull(
      INVITE_LIMITS.expiresInSeconds,
      `Seconds until it stops working (${INVITE_LIMITS.expiresInSeconds.min}-${INVITE_LIMITS.expiresInSeconds.max}); null: never; left out: ${INVITE_LIMITS.expiresInSeconds.default} (7 days)`,
    ),
  })
  .meta({ id: 'CreateInviteRequest', description: 'Optional: with no body, the invite expires in 7 days and has no use limit' });

export const BanBody = z
  .object({
    reason: z
      .union([z.string(), z.null()], { error: 'must be a string or null' })
      .superRefine(rule(banReasonIssues))
      .meta({ description: `Why, for the owner's list (at most ${BAN_REASON_MAX} characters); not shown to the banned user` })
      .optional(),
  })
  .meta({ id: 'BanRequest', description: 'Optional' });

export const TransferServerBody = z.object({ userId: idParam('The member who will own the server') }).meta({ id: 'TransferServerRequest' });

export const ChannelOverwriteBody = z
  .object({
    type: z.enum(['role', 'member'], { error: 'must be "role" or "member"' }).meta({ description: 'Whether the target id is a role of this server or a member' }),
    allow: permissionNames('Permissions to allow in this channel'),
    deny: permissionNames('Permissions to deny in this channel'),
  })
  .meta({ id: 'ChannelOverwriteRequest', description: 'Replaces any overwrite of the target in this channel. A permission may not be both allowed and denied.' });

export const ChannelBody = z
  .object({
    name: text(`${CHANNEL_NAME.min}-${CHANNEL_NAME.max} characters, trimmed`).superRefine(rule(channelNameIssues)),
    permissionOverwrites: z
      .array(ChannelOverwriteBody.extend({ id: idParam('The role (the server id for @everyone) or member the overwrite is for') }), { error: 'must be an array' })
      .max(MAX_NEW_CHANNEL_OVERWRITES, { error: `must hold at most ${MAX_NEW_CHANNEL_OVERWRITES} overwrites` })
      .meta({ description: `The channel's overwrites from its first moment (MANAGE_ROLES): a private channel in one call. At most ${MAX_NEW_CHANNEL_OVERWRITES}, one per target` })
      .optional(),
  })
  .meta({ id: 'CreateChannelRequest' });

export const UpdateChannelBody = z
  .object({
    name: z
      .union([ChannelBody.shape.name, z.null()], { error: 'must be a string (or null, for a group conversation)' })
      .meta({ description: `${CHANNEL_NAME.min}-${CHANNEL_NAME.max} characters, trimmed; null (a group conversation only) clears a group's name` })
      .optional(),
    topic: z
      .union([z.string(), z.null()], { error: 'must be a string or null' })
      .superRefine(rule((value: string | null) => topicIssues(value)))
      .meta({ description: `At most ${CHANNEL_TOPIC.max} characters (code points); null clears it` })
      .optional(),
    position: z
      .number({ error: 'must be an integer' })
      .superRefine(rule((value: number) => channelPositionIssues(value)))
      .meta({ description: `${CHANNEL_POSITION.min}-${CHANNEL_POSITION.max}: channels are listed by position, then id` })
      .optional(),
  })
  .meta({ id: 'UpdateChannelRequest', description: "At least one of the fields; those left out stay as they are. A group conversation takes `name` alone" });

export const OpenConversationBody = z
  .object({
    recipientIds: z
      .array(idParam('A user who shares a server with you'), { error: 'must be an array of user ids' })
      .meta({ description: `One id: a one-to-one conversation (the pair's one, if it has one). 2-${MAX_GROUP_RECIPIENTS - 1} ids: a new group, owned by you. You are not among them` }),
  })
  .meta({ id: 'OpenConversationRequest' });

/** `limit` and `after` of a list read a page at a time; `last`: what `after` names. */
const pageQuery = (bounds: { min: number; max: number; default: number }, last: string) =>
  z.object({
    limit: integerParam(bounds, `1-${bounds.max}, default ${bounds.default}`).optional(),
    after: idParam(`Continue after the ${last} (the last of the previous page)`).optional(),
  });

export const ServersQuery = pageQuery(SERVER_PAGE_LIMIT, 'server with this id');
export const ChannelsQuery = pageQuery(CHANNEL_PAGE_LIMIT, 'channel with this id');
export const ConversationsQuery = pageQuery(CONVERSATION_PAGE_LIMIT, 'conversation with this id (in this order)');
export const ApplicationsQuery = pageQuery(APPLICATION_PAGE_LIMIT, 'application with this id');
export const MembersQuery = pageQuery(MEMBER_PAGE_LIMIT, 'member with this user id').extend({
  presence: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional()
    .meta({ description: "true: each member with `status`, what they show (for a server too large for ready's presences)" }),
});
export const BansQuery = pageQuery(BAN_PAGE_LIMIT, 'ban of the user with this id');
export const BlocksQuery = pageQuery(BLOCK_PAGE_LIMIT, 'user with this id');

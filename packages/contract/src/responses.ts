import {
  type BanView,
  type Channel,
  type ChannelView,
  type Invite,
  type InvitePreview,
  type MemberView,
  bitsOf,
  isPermission,
  PERMISSIONS,
  permissionNames,
  type PermissionOverwrite,
  type Role,
  type Server,
  type ShownStatus,
} from '@chat/domain';
import { z } from 'zod';
import { id, imageField, ShownStatusField, timestamp, userSummaryFromJson, userSummaryJson, UserSummaryResponse } from './fields';
import { date, num, obj, str, strOrNull, strs, type Json } from './read-json';

/*
 * Response schemas, each with the serializer that writes it from the domain's entity: nothing more
 * leaves the server. A serializer's return type is its schema's output, so a field the schema has
 * and the serializer lacks (or of another type) does not compile. Those an event carries have
 * their reader here too. A message's are in message.ts; sessions' and applications' in auth-responses.ts.
 */

export const ServerResponse = z
  .object({
    id,
    name: z.string(),
    avatar: imageField(),
    banner: imageField(),
    verified: z.boolean(),
    defaultChannelId: id,
    ownerId: id,
    createdAt: timestamp,
    membersCanInvite: z.boolean().meta({ description: 'Whether members other than the owner may create invites (bots never may)' }),
  })
  .meta({ id: 'Server' });

export const serverJson = (s: Server): z.output<typeof ServerResponse> => ({
  id: s.id,
  name: s.name,
  avatar: s.avatar,
  banner: s.banner,
  verified: s.verified,
  defaultChannelId: s.defaultChannelId,
  ownerId: s.ownerId,
  createdAt: s.createdAt.toISOString(),
  membersCanInvite: s.membersCanInvite,
});

export const serverFromJson = (d: Json): Server => ({
  id: str(d.id),
  name: str(d.name),
  avatar: strOrNull(d.avatar),
  banner: strOrNull(d.banner),
  verified: d.verified === true,
  defaultChannelId: str(d.defaultChannelId),
  ownerId: str(d.ownerId),
  createdAt: date(d.createdAt),
  membersCanInvite: d.membersCanInvite === true,
});

/** Permission names, in the order of the list of permissions (bits inside, names on the wire). */
const permissionList = z.array(z.enum(PERMISSIONS));

/** Permissions on the wire: names, in this order (a client may send them in any). */
export const PermissionNames = permissionList.meta({
  id: 'Permissions',
  description: `Permission names, in this order: ${PERMISSIONS.join(', ')}. ADMINISTRATOR holds them all (and channel overwrites do not apply to it)`,
});

/** Names read back as bits; a name this version does not know is dropped (fail closed: it grants nothing). */
const permissionBits = (value: unknown): number => bitsOf(strs(value).filter(isPermission));

export const PermissionOverwriteResponse = z
  .object({
    id: id.meta({ description: "The role's id (`@everyone`'s is the server's id) or the member's user id" }),
    type: z.enum(['role', 'member']),
    allow: PermissionNames,
    deny: PermissionNames,
  })
  .meta({ id: 'PermissionOverwrite', description: "What a role or member may do in this channel beyond (allow) or short of (deny) the server's roles" });

export const ChannelResponse = z
  .object({
    id,
    serverId: id,
    name: z.string(),
    topic: z.string().nullable().meta({ description: 'At most 1024 characters; null: none' }),
    position: z.number().int().meta({ description: 'Channels are listed by position, then id; a new channel goes last' }),
    permissionOverwrites: z.array(PermissionOverwriteResponse).meta({ description: 'By target id' }),
    createdAt: timestamp,
  })
  .meta({ id: 'Channel' });

const overwriteJson = (o: PermissionOverwrite): z.output<typeof PermissionOverwriteResponse> => ({
  id: o.id,
  type: o.type,
  allow: permissionNames(o.allow),
  deny: permissionNames(o.deny),
});

export const channelJson = (c: Channel): z.output<typeof ChannelResponse> => ({
  id: c.id,
  serverId: c.serverId,
  name: c.name,
  topic: c.topic,
  position: c.position,
  permissionOverwrites: c.permissionOverwrites.map(overwriteJson),
  createdAt: c.createdAt.toISOString(),
});

const overwriteFromJson = (value: unknown): PermissionOverwrite => {
  const o = obj(value);
  return { id: str(o.id), type: o.type === 'member' ? 'member' : 'role', allow: permissionBits(o.allow), deny: permissionBits(o.deny) };
};

/** Events logged before channels had a topic, a position and overwrites read as none, 0 and none. */
export const channelFromJson = (d: Json): Channel => ({
  id: str(d.id),
  serverId: str(d.serverId),
  name: str(d.name),
  topic: d.topic === undefined ? null : strOrNull(d.topic),
  position: d.position === undefined ? 0 : num(d.position),
  permissionOverwrites: Array.isArray(d.permissionOverwrites) ? d.permissionOverwrites.map(overwriteFromJson) : [],
  createdAt: date(d.createdAt),
});

export const ChannelListItemResponse = ChannelResponse.extend({
  permissions: permissionList.meta({ description: "The caller's effective permissions in this channel (VIEW_CHANNEL always among them: the list has only what they can see)" }),
}).meta({ id: 'ChannelWithPermissions' });

export const channelListItemJson = (c: ChannelView): z.output<typeof ChannelListItemResponse> => ({ ...channelJson(c), permissions: permissionNames(c.permissions) });

export const MemberResponse = z
  .object({
    userId: id,
    serverId: id,
    joinedAt: timestamp,
    user: UserSummaryResponse,
    roleIds: z.array(id).meta({ description: 'The roles assigned to the member, lowest position first; @everyone, which every member holds, is not among them' }),
    status: ShownStatusField.optional().meta({ description: 'In GET /api/servers/{serverId}/members?presence=true only: what the member shows (offline without a socket anywhere, or invisible)' }),
  })
  .meta({ id: 'Member' });

/** A member in a list: with `status` when it was asked for. */
export const listedMemberJson = (m: MemberView & { readonly status?: ShownStatus }): z.output<typeof MemberResponse> =>
  m.status === undefined ? memberJson(m) : { ...memberJson(m), status: m.status };

export const memberJson = (m: MemberView): z.output<typeof MemberResponse> => ({
  userId: m.userId,
  serverId: m.serverId,
  joinedAt: m.joinedAt.toISOString(),
  user: userSummaryJson(m.user),
  roleIds: [...m.roleIds],
});

export function memberFromJson(d: Json): MemberView {
  const user = obj(d.user);
  return {
    serverId: str(d.serverId),
    userId: str(d.userId),
    joinedAt: date(d.joinedAt),
    user: userSummaryFromJson(user),
    // Events logged before roles existed have none: such a member held no role then.
    roleIds: d.roleIds === undefined ? [] : strs(d.roleIds),
  };
}

export const RoleResponse = z
  .object({
    id: id.meta({ description: "Snowflake id; @everyone's is the server's id" }),
    serverId: id,
    name: z.string(),
    color: z.number().int().nullable().meta({ description: 'RGB as an integer, 0xRRGGBB (0 to 16777215), or null for none' }),
    position: z.number().int().meta({ description: '@everyone is 0; the other roles 1..n without gaps; higher outranks lower' }),
    permissions: PermissionNames,
    createdAt: timestamp,
  })
  .meta({ id: 'Role' });

export const roleJson = (r: Role): z.output<typeof RoleResponse> => ({
  id: r.id,
  serverId: r.serverId,
  name: r.name,
  color: r.color,
  position: r.position,
  permissions: permissionNames(r.permissions),
  createdAt: r.createdAt.toISOString(),
});

export const roleFromJson = (d: Json): Role => ({
  id: str(d.id),
  serverId: str(d.serverId),
  name: str(d.name),
  color: d.color === null ? null : num(d.color),
  position: num(d.position),
  permissions: permissionBits(d.permissions),
  createdAt: date(d.createdAt),
});


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

export const inviteJson = (i: Invite): z.output<typeof InviteResponse> => ({
  code: i.code,
  serverId: i.serverId,
  creatorId: i.creatorId,
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt?.toISOString() ?? null,
  maxUses: i.maxUses,
  uses: i.uses,
});

export const InvitePreviewResponse = z
  .object({
    code: z.string(),
    server: z.object({ id, name: z.string(), avatar: z.string().nullable(), memberCount: z.number().int().meta({ description: 'Members now' }) }),
    expiresAt: timestamp.nullable().meta({ description: 'When it stops working; null: never' }),
  })
  .meta({ id: 'InvitePreview' });

export const invitePreviewJson = (p: InvitePreview): z.output<typeof InvitePreviewResponse> => ({
  code: p.code,
  server: { id: p.server.id, name: p.server.name, avatar: p.server.avatar, memberCount: p.server.memberCount },
  expiresAt: p.expiresAt?.toISOString() ?? null,
});

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

export const banJson = (b: BanView): z.output<typeof BanResponse> => ({
  user: { id: b.user.id, username: b.user.username },
  reason: b.reason,
  createdAt: b.createdAt.toISOString(),
});

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

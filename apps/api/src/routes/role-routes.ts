import { z } from 'zod';
import { noContent, param, reply, route } from '../http/route';
import { CreateRoleBody, RoleResponse, UpdateRoleBody, roleJson } from '@chat/contract';

/** Roles of a server and who holds them (the hierarchy's rules: README, "Roles and permissions"). */
export const roleRoutes = [
  route({
    method: 'get',
    path: '/api/servers/:serverId/roles',
    operationId: 'listRoles',
    summary: "List the server's roles, @everyone (position 0) first (members only)",
    tag: 'Roles',
    auth: 'session',
    success: { status: 200, description: 'Every role, lowest position first', schema: z.array(RoleResponse) },
    useCase: 'listRoles',
    handle: async ({ useCase, actor, params }) => reply(await useCase.execute(actor, param(params, 'serverId')), 200, (roles) => roles.map(roleJson)),
  }),
  route({
    method: 'post',
    path: '/api/servers/:serverId/roles',
    operationId: 'createRole',
    idempotent: true,
    summary: "Create a role just under the caller's highest role, the owner's on top (MANAGE_ROLES; only permissions the caller holds); members get role.created",
    tag: 'Roles',
    auth: 'session',
    body: CreateRoleBody,
    success: { status: 201, description: 'The new role', schema: RoleResponse },
    useCase: 'createRole',
    handle: async ({ useCase, actor, params, body }) => reply(await useCase.execute(actor, param(params, 'serverId'), body), 201, roleJson),
  }),
  route({
    method: 'patch',
    path: '/api/servers/:serverId/roles/:roleId',
    operationId: 'updateRole',
    summary: "Rename, recolour, re-permission or move a role below the caller's highest (MANAGE_ROLES); members get role.updated",
    tag: 'Roles',
    auth: 'session',
    body: UpdateRoleBody,
    success: { status: 200, description: 'The role as it is now', schema: RoleResponse },
    useCase: 'updateRole',
    handle: async ({ useCase, actor, params, body }) => reply(await useCase.execute(actor, param(params, 'serverId'), param(params, 'roleId'), body), 200, roleJson),
  }),
  route({
    method: 'delete',
    path: '/api/servers/:serverId/roles/:roleId',
    operationId: 'deleteRole',
    summary: "Delete a role below the caller's highest (MANAGE_ROLES; not @everyone); its members lose it; members get role.deleted",
    tag: 'Roles',
    auth: 'session',
    success: { status: 204, description: 'The role is gone, with its assignments and channel overwrites' },
    useCase: 'deleteRole',
    handle: async ({ useCase, actor, params }) => noContent(await useCase.execute(actor, param(params, 'serverId'), param(params, 'roleId'))),
  }),
  route({
    method: 'put',
    path: '/api/servers/:serverId/members/:userId/roles/:roleId',
    operationId: 'addMemberRole',
    summary: "Give a member a role below the caller's highest (MANAGE_ROLES; not @everyone); members get member.updated",
    tag: 'Roles',
    auth: 'session',
    success: { status: 204, description: 'The member holds the role (already holding it: no change, no event)' },
    useCase: 'addMemberRole',
    handle: async ({ useCase, actor, params }) =>
      noContent(await useCase.execute(actor, param(params, 'serverId'), param(params, 'userId'), param(params, 'roleId'))),
  }),
  route({
    method: 'delete',
    path: '/api/servers/:serverId/members/:userId/roles/:roleId',
    operationId: 'removeMemberRole',
    summary: "Take a role below the caller's highest away from a member (MANAGE_ROLES; not @everyone); members get member.updated",
    tag: 'Roles',
    auth: 'session',
    success: { status: 204, description: 'The member does not hold the role (already not: no change, no event)' },
    useCase: 'removeMemberRole',
    handle: async ({ useCase, actor, params }) =>
      noContent(await useCase.execute(actor, param(params, 'serverId'), param(params, 'userId'), param(params, 'roleId'))),
  }),
];

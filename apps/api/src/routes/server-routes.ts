import { CreateChannel, CreateInvite, CreateServer, GetMembers, GetServer, JoinByInvite, LeaveServer, ListChannels } from '@chat/domain';
import { z } from 'zod';
import { noContent, param, reply, route } from '../http/route';
import { ChannelBody, ChannelResponse, InviteResponse, MemberResponse, MembersQuery, ServerBody, ServerResponse } from '../http/schemas';
import { channelJson, inviteJson, memberJson, serverJson } from '../http/serializers';
import type { AppServices } from '../services';


export const serverRoutes = (s: AppServices) => [
  route({
    method: 'post',
    path: '/api/servers',
    operationId: 'createServer',
    summary: 'Create a server with a default "general" channel; the caller owns it',
    tag: 'Servers',
    auth: 'session',
    body: ServerBody,
    success: { status: 201, description: 'The new server', schema: ServerResponse },
    useCase: CreateServer,
    handle: async ({ actor, body }) => reply(await s.createServer.execute(actor, body), 201, serverJson),
  }),
  route({
    method: 'get',
    path: '/api/servers/:serverId',
    operationId: 'getServer',
    summary: 'Read a server (members only)',
    tag: 'Servers',
    auth: 'session',
    success: { status: 200, description: 'The server', schema: ServerResponse },
    useCase: GetServer,
    handle: async ({ actor, params }) => reply(await s.getServer.execute(actor, param(params, 'serverId')), 200, serverJson),
  }),
  route({
    method: 'get',
    path: '/api/servers/:serverId/members',
    operationId: 'listMembers',
    summary: 'List members in join order (members only)',
    tag: 'Servers',
    auth: 'session',
    query: MembersQuery,
    success: { status: 200, description: 'Members, earliest joined first', schema: z.array(MemberResponse) },
    useCase: GetMembers,
    handle: async ({ actor, params, query }) =>
      reply(await s.getMembers.execute(actor, param(params, 'serverId'), query), 200, (members) => members.map(memberJson)),
  }),
  route({
    method: 'delete',
    path: '/api/servers/:serverId/members/@me',
    operationId: 'leaveServer',
    summary: 'Leave a server (the owner cannot)',
    tag: 'Servers',
    auth: 'session',
    success: { status: 204, description: 'The caller is no longer a member' },
    useCase: LeaveServer,
    handle: async ({ actor, params }) => noContent(await s.leaveServer.execute(actor, param(params, 'serverId'))),
  }),
  route({
    method: 'get',
    path: '/api/servers/:serverId/channels',
    operationId: 'listChannels',
    summary: "List a server's channels (members only)",
    tag: 'Channels',
    auth: 'session',
    success: { status: 200, description: 'Channels, oldest first', schema: z.array(ChannelResponse) },
    useCase: ListChannels,
    handle: async ({ actor, params }) =>
      reply(await s.listChannels.execute(actor, param(params, 'serverId')), 200, (channels) => channels.map(channelJson)),
  }),
  route({
    method: 'post',
    path: '/api/servers/:serverId/channels',
    operationId: 'createChannel',
    summary: 'Create a channel (owner only)',
    tag: 'Channels',
    auth: 'session',
    body: ChannelBody,
    success: { status: 201, description: 'The new channel', schema: ChannelResponse },
    useCase: CreateChannel,
    handle: async ({ actor, params, body }) => reply(await s.createChannel.execute(actor, param(params, 'serverId'), body), 201, channelJson),
  }),
  route({
    method: 'post',
    path: '/api/servers/:serverId/invites',
    operationId: 'createInvite',
    summary: 'Create an invite code (members only)',
    tag: 'Invites',
    auth: 'session',
    success: { status: 201, description: 'The invite', schema: InviteResponse },
    useCase: CreateInvite,
    handle: async ({ actor, params }) => reply(await s.createInvite.execute(actor, param(params, 'serverId')), 201, inviteJson),
  }),
  route({
    method: 'post',
    path: '/api/invites/:code',
    operationId: 'joinByInvite',
    summary: 'Join the server of an invite (joining twice is harmless)',
    tag: 'Invites',
    auth: 'session',
    success: { status: 200, description: 'The server joined', schema: ServerResponse },
    useCase: JoinByInvite,
    handle: async ({ actor, params }) => reply(await s.joinByInvite.execute(actor, param(params, 'code')), 200, serverJson),
  }),
];

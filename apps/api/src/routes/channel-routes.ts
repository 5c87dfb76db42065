import { noContent, param, reply, route } from '../http/route';
import { AnyChannel, ChannelOverwriteBody, UpdateChannelBody, channelJson, conversationJson } from '@chat/contract';
import type { Channel, ConversationView } from '@chat/domain';

/** A server's channel or a conversation, as its JSON. */
const anyChannelJson = (c: Channel | ConversationView) => ('recipients' in c ? conversationJson(c) : channelJson(c));

const CHANNEL = '/api/channels/:channelId';
const OVERWRITE = '/api/channels/:channelId/permissions/:targetId';

/** Managing one channel: renaming, moving and deleting it (MANAGE_CHANNELS), its overwrites (MANAGE_ROLES). */
export const channelRoutes = [
  route({
    method: 'patch',
    path: CHANNEL,
    operationId: 'updateChannel',
    summary:
      "Rename a channel, set its topic or its position (MANAGE_CHANNELS); the server's members get channel.updated. A group conversation: any recipient sets its name (or null), and its recipients get channel.updated",
    tag: 'Channels',
    auth: 'session',
    body: UpdateChannelBody,
    success: { status: 200, description: 'The channel (or the group) as it is now', schema: AnyChannel },
    useCase: 'updateChannel',
    handle: async ({ useCase, actor, params, body }) => reply(await useCase.execute(actor, param(params, 'channelId'), body), 200, anyChannelJson),
  }),
  route({
    method: 'delete',
    path: CHANNEL,
    operationId: 'deleteChannel',
    summary: "Delete a channel with its messages (MANAGE_CHANNELS; not the server's default channel: 409); the server's members get channel.deleted",
    tag: 'Channels',
    auth: 'session',
    success: { status: 204, description: 'The channel is gone' },
    useCase: 'deleteChannel',
    handle: async ({ useCase, actor, params }) => noContent(await useCase.execute(actor, param(params, 'channelId'))),
  }),
  route({
    method: 'put',
    path: OVERWRITE,
    operationId: 'setChannelOverwrite',
    summary:
      "Set what a role (targetId: the role's id; @everyone's is the server's id) or a member (their user id) may do in this channel (MANAGE_ROLES server-wide; only permissions the caller holds); the server's members get channel.updated",
    tag: 'Channels',
    auth: 'session',
    body: ChannelOverwriteBody,
    success: { status: 204, description: 'The overwrite is set (replacing any earlier one of the target)' },
    useCase: 'setChannelOverwrite',
    handle: async ({ useCase, actor, params, body }) => noContent(await useCase.execute(actor, param(params, 'channelId'), param(params, 'targetId'), body)),
  }),
  route({
    method: 'delete',
    path: OVERWRITE,
    operationId: 'removeChannelOverwrite',
    summary: "Remove a role's or member's overwrite from this channel (MANAGE_ROLES server-wide; only one whose permissions the caller holds); none there: 204 all the same",
    tag: 'Channels',
    auth: 'session',
    success: { status: 204, description: 'The channel has no overwrite for the target' },
    useCase: 'removeChannelOverwrite',
    handle: async ({ useCase, actor, params }) => noContent(await useCase.execute(actor, param(params, 'channelId'), param(params, 'targetId'))),
  }),
];

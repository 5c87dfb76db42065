import { ConversationResponse, ConversationsQuery, OpenConversationBody, conversationJson } from '@chat/contract';
import { z } from 'zod';
import { noContent, param, reply, route } from '../http/route';

const RECIPIENT = '/api/channels/:channelId/recipients/:userId';

/** Direct conversations: one-to-one and groups. Their messages use the channel routes. */
export const conversationRoutes = [
  route({
    method: 'post',
    path: '/api/users/@me/channels',
    operationId: 'openConversation',
    summary:
      'Open a one-to-one conversation (one recipient id; the pair’s one if it has one: 200) or a group (2-9 ids) with people who share a server with you; each recipient gets channel.created',
    tag: 'Direct messages',
    auth: 'session',
    body: OpenConversationBody,
    rateLimit: 'openConversation',
    success: {
      status: 201,
      description: 'The new conversation',
      also: { status: 200, description: 'The pair’s one-to-one, there already (opened by either of the two)' },
      schema: ConversationResponse,
    },
    useCase: 'openConversation',
    handle: async ({ useCase, actor, body }) => {
      const opened = await useCase.execute(actor, body);
      return opened.ok ? { status: opened.value.created ? 201 : 200, body: conversationJson(opened.value.conversation) } : { error: opened.error };
    },
  }),
  route({
    method: 'get',
    path: '/api/users/@me/channels',
    operationId: 'listConversations',
    summary: 'Your direct conversations, the most recently active first',
    tag: 'Direct messages',
    auth: 'session',
    query: ConversationsQuery,
    success: { status: 200, description: 'Conversations, a page at a time', schema: z.array(ConversationResponse) },
    useCase: 'listConversations',
    handle: async ({ useCase, actor, query }) => reply(await useCase.execute(actor, query), 200, (list) => list.map(conversationJson)),
  }),
  route({
    method: 'put',
    path: RECIPIENT,
    operationId: 'addRecipient',
    summary: "The group's owner adds someone who shares a server with them (10 people at most); the group gets channel.updated, the newcomer channel.created",
    tag: 'Direct messages',
    auth: 'session',
    success: { status: 204, description: 'They are in the group (already there: 204 all the same)' },
    useCase: 'addRecipient',
    handle: async ({ useCase, actor, params }) => noContent(await useCase.execute(actor, param(params, 'channelId'), param(params, 'userId'))),
  }),
  route({
    method: 'delete',
    path: RECIPIENT,
    operationId: 'removeRecipient',
    summary:
      "The group's owner removes someone, or anyone removes themself (leaves; a leaving owner's group passes to who has been in it longest; the last one to leave deletes it with its messages); they get channel.deleted, the rest channel.updated",
    tag: 'Direct messages',
    auth: 'session',
    success: { status: 204, description: 'They are out of the group' },
    useCase: 'removeRecipient',
    handle: async ({ useCase, actor, params }) => noContent(await useCase.execute(actor, param(params, 'channelId'), param(params, 'userId'))),
  }),
];

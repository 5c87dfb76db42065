import { z } from 'zod';
import { noContent, param, reply, replyJson, route } from '../http/route';
import {
  ContentBody,
  MessageResponse,
  MessagesQuery,
  ReactionBody,
  ReactionStateResponse,
  SendMessageBody,
  SentMessageResponse,
  messageJson,
  reactionStateJson,
  sentMessageJson,
} from '@chat/contract';

const MESSAGE = '/api/channels/:channelId/messages/:messageId';

export const messageRoutes = [
  route({
    method: 'get',
    path: '/api/channels/:channelId/messages',
    operationId: 'listMessages',
    summary: 'Read a page of messages, oldest first within the page',
    tag: 'Messages',
    auth: 'claims-checked-in-the-statement',
    query: MessagesQuery,
    success: {
      status: 200,
      description:
        'No cursor: the newest `limit`. `before`: the `limit` just older. `after`: the `limit` just newer. Both: the `limit` nearest `after`. `around`: the message and the `limit` - 1 nearest it.',
      schema: z.array(MessageResponse),
    },
    useCase: 'getMessages',
    handle: async ({ useCase, actor, params, query }) => replyJson(await useCase.execute(actor, param(params, 'channelId'), query), 200),
  }),
  route({
    method: 'post',
    path: '/api/channels/:channelId/messages',
    operationId: 'sendMessage',
    idempotent: true,
    summary: 'Send a message',
    tag: 'Messages',
    auth: 'claims-checked-in-the-statement',
    body: SendMessageBody,
    rateLimit: 'sendMessage',
    success: { status: 201, description: 'The message, with the nonce when one was sent', schema: SentMessageResponse },
    useCase: 'sendMessage',
    handle: async ({ useCase, actor, params, body }) => reply(await useCase.execute(actor, param(params, 'channelId'), body), 201, sentMessageJson),
  }),
  route({
    method: 'get',
    path: MESSAGE,
    operationId: 'getMessage',
    summary: 'Read one message',
    tag: 'Messages',
    auth: 'session',
    success: { status: 200, description: 'The message', schema: MessageResponse },
    useCase: 'getMessage',
    handle: async ({ useCase, actor, params }) =>
      reply(await useCase.execute(actor, param(params, 'channelId'), param(params, 'messageId')), 200, messageJson),
  }),
  route({
    method: 'patch',
    path: MESSAGE,
    operationId: 'editMessage',
    summary: 'Edit a message (author only)',
    tag: 'Messages',
    auth: 'session',
    body: ContentBody,
    success: { status: 200, description: 'The edited message, with editedAt set', schema: MessageResponse },
    useCase: 'editMessage',
    handle: async ({ useCase, actor, params, body }) =>
      reply(await useCase.execute(actor, param(params, 'channelId'), param(params, 'messageId'), body), 200, messageJson),
  }),
  route({
    method: 'delete',
    path: MESSAGE,
    operationId: 'deleteMessage',
    summary: 'Delete a message and its reactions (author, or MANAGE_MESSAGES in the channel)',
    tag: 'Messages',
    auth: 'session',
    success: { status: 204, description: 'Deleted' },
    useCase: 'deleteMessage',
    handle: async ({ useCase, actor, params }) =>
      noContent(await useCase.execute(actor, param(params, 'channelId'), param(params, 'messageId'))),
  }),
  route({
    method: 'post',
    path: `${MESSAGE}/reactions`,
    operationId: 'addReaction',
    summary: 'React with one emoji (reacting twice is harmless; at most 20 different emoji and 5000 reactions per message)',
    tag: 'Reactions',
    auth: 'session',
    body: ReactionBody,
    success: { status: 200, description: 'The emoji on this message, from the caller\'s side', schema: ReactionStateResponse },
    useCase: 'addReaction',
    handle: async ({ useCase, actor, params, body }) =>
      reply(
        await useCase.execute(actor, param(params, 'channelId'), param(params, 'messageId'), body.emoji),
        200,
        reactionStateJson,
      ),
  }),
  route({
    method: 'delete',
    path: `${MESSAGE}/reactions/:emoji`,
    operationId: 'removeReaction',
    summary: "Remove the caller's reaction (URL-encode the emoji; harmless if absent)",
    tag: 'Reactions',
    auth: 'session',
    success: { status: 200, description: 'The emoji on this message, from the caller\'s side', schema: ReactionStateResponse },
    useCase: 'removeReaction',
    handle: async ({ useCase, actor, params }) =>
      reply(
        await useCase.execute(actor, param(params, 'channelId'), param(params, 'messageId'), param(params, 'emoji')),
        200,
        reactionStateJson,
      ),
  }),
  // Before the next route: Express tries routes in order, and `@all` is not a user id.
  route({
    method: 'delete',
    path: `${MESSAGE}/reactions/:emoji/@all`,
    operationId: 'clearReaction',
    summary: "Remove every user's reaction of one emoji (MANAGE_MESSAGES); members get reaction.cleared",
    tag: 'Reactions',
    auth: 'session',
    success: { status: 204, description: 'No reaction of this emoji is left on the message' },
    useCase: 'clearReaction',
    handle: async ({ useCase, actor, params }) =>
      noContent(await useCase.execute(actor, param(params, 'channelId'), param(params, 'messageId'), param(params, 'emoji'))),
  }),
  route({
    method: 'delete',
    path: `${MESSAGE}/reactions/:emoji/:userId`,
    operationId: 'removeUserReaction',
    summary: "Remove one user's reaction: with MANAGE_MESSAGES, anyone's; a user, their own (harmless if absent)",
    tag: 'Reactions',
    auth: 'session',
    success: { status: 200, description: "The emoji on this message, from the caller's side", schema: ReactionStateResponse },
    useCase: 'removeUserReaction',
    handle: async ({ useCase, actor, params }) =>
      reply(
        await useCase.execute(actor, param(params, 'channelId'), param(params, 'messageId'), param(params, 'emoji'), param(params, 'userId')),
        200,
        reactionStateJson,
      ),
  }),
];

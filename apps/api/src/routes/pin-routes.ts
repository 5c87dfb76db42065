import { z } from 'zod';
import { noContent, param, replyJson, route } from '../http/route';
import { MessageResponse } from '@chat/contract';

const PINS = '/api/channels/:channelId/pins';

/** Pins: a channel's kept messages (at most 50), listed most recently pinned first. */
export const pinRoutes = [
  route({
    method: 'get',
    path: PINS,
    operationId: 'listPins',
    summary: 'The pinned messages of a channel or conversation, most recently pinned first (at most 50)',
    tag: 'Pins',
    auth: 'claims-checked-in-the-statement',
    success: { status: 200, description: 'The pinned messages, each as a page shows it', schema: z.array(MessageResponse) },
    useCase: 'getPins',
    handle: async ({ useCase, actor, params }) => replyJson(await useCase.execute(actor, param(params, 'channelId')), 200),
  }),
  route({
    method: 'put',
    path: `${PINS}/:messageId`,
    operationId: 'pinMessage',
    summary: 'Pin a message of the channel (MANAGE_MESSAGES; any recipient in a direct conversation); pinning it again is harmless; members get message.pinned',
    tag: 'Pins',
    auth: 'session',
    success: { status: 204, description: 'The message is pinned' },
    useCase: 'pinMessage',
    handle: async ({ useCase, actor, params }) => noContent(await useCase.execute(actor, param(params, 'channelId'), param(params, 'messageId'))),
  }),
  route({
    method: 'delete',
    path: `${PINS}/:messageId`,
    operationId: 'unpinMessage',
    summary: 'Unpin a message (as pinning); one not pinned is harmless (204, no event); members get message.unpinned',
    tag: 'Pins',
    auth: 'session',
    success: { status: 204, description: 'The message is not pinned' },
    useCase: 'unpinMessage',
    handle: async ({ useCase, actor, params }) => noContent(await useCase.execute(actor, param(params, 'channelId'), param(params, 'messageId'))),
  }),
];

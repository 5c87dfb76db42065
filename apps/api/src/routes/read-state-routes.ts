import { MarkReadBody, ReadStateResponse, readStateJson } from '@chat/contract';
import { z } from 'zod';
import { noContent, param, reply, route } from '../http/route';

/** Where each user has read to: a marker per channel and direct conversation, and the counts since. */
export const readStateRoutes = [
  route({
    method: 'put',
    path: '/api/channels/:channelId/read',
    operationId: 'markRead',
    summary:
      'Mark a channel or direct conversation read up to one of its messages (never backwards: an older one changes nothing); your sockets, all of them, get read_state.updated. A message of another channel, or none, is 404',
    tag: 'Messages',
    auth: 'session',
    body: MarkReadBody,
    success: { status: 204, description: 'Read up to that message, or further already' },
    useCase: 'markRead',
    handle: async ({ useCase, actor, params, body }) => noContent(await useCase.execute(actor, param(params, 'channelId'), body)),
  }),
  route({
    method: 'get',
    path: '/api/users/@me/read-states',
    operationId: 'listReadStates',
    summary:
      'Where you have something unread: every channel you can see and every conversation of yours with messages of others after your marker (or, never marked, since you came in), by channel id',
    tag: 'Messages',
    auth: 'session',
    success: { status: 200, description: 'Read states, each with something unread', schema: z.array(ReadStateResponse) },
    useCase: 'listReadStates',
    handle: async ({ useCase, actor }) => reply(await useCase.execute(actor), 200, (states) => states.map(readStateJson)),
  }),
];

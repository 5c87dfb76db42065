import { BlocksQuery, UserSummaryResponse, userSummaryJson } from '@chat/contract';
import { z } from 'zod';
import { noContent, param, reply, route } from '../http/route';

/** One's blocks: whom one keeps away. Writes count against the per-user write limit. */
export const blockRoutes = [
  route({
    method: 'get',
    path: '/api/users/@me/blocks',
    operationId: 'listBlocks',
    summary: 'The users the caller blocks, in id order, a page at a time (the default page is the whole list: it never passes the blocks quota)',
    tag: 'Users',
    auth: 'session',
    query: BlocksQuery,
    success: { status: 200, description: 'Blocked users, by id', schema: z.array(UserSummaryResponse) },
    useCase: 'listBlocks',
    handle: async ({ useCase, actor, query }) => reply(await useCase.execute(actor, query), 200, (users) => users.map(userSummaryJson)),
  }),
  route({
    method: 'put',
    path: '/api/users/@me/blocks/:userId',
    operationId: 'blockUser',
    summary: 'Block a user (blocking again changes nothing): neither of you can open or write in a direct conversation with the other; nobody is told',
    tag: 'Users',
    auth: 'session',
    success: { status: 204, description: 'The user is blocked' },
    useCase: 'blockUser',
    handle: async ({ useCase, actor, params }) => noContent(await useCase.execute(actor, param(params, 'userId'))),
  }),
  route({
    method: 'delete',
    path: '/api/users/@me/blocks/:userId',
    operationId: 'unblockUser',
    summary: 'Lift a block; unblocking a user not blocked succeeds too',
    tag: 'Users',
    auth: 'session',
    success: { status: 204, description: 'The user is not blocked' },
    useCase: 'unblockUser',
    handle: async ({ useCase, actor, params }) => noContent(await useCase.execute(actor, param(params, 'userId'))),
  }),
];

import { AccountResponse, accountJson, UpdateAccountBody, UserProfileResponse, userProfileJson } from '@chat/contract';
import { param, reply, route } from '../http/route';

/** Your own account, and the profiles of those who share a server with you. `@me` comes before `:userId`. */
export const profileRoutes = [
  route({
    method: 'get',
    path: '/api/users/@me',
    operationId: 'getMyAccount',
    summary: 'Your account: names, avatar, email, whether a bot, since when',
    tag: 'Users',
    auth: 'session',
    success: { status: 200, description: 'The account', schema: AccountResponse },
    useCase: 'getAccount',
    handle: async ({ useCase, actor }) => reply(await useCase.execute(actor), 200, accountJson),
  }),
  route({
    method: 'patch',
    path: '/api/users/@me',
    operationId: 'updateMyAccount',
    summary: 'Change your username, display name or avatar; you and everyone who shares a server with you get user.updated',
    tag: 'Users',
    auth: 'session',
    body: UpdateAccountBody,
    success: { status: 200, description: 'The account as it is now', schema: AccountResponse },
    useCase: 'updateAccount',
    handle: async ({ useCase, actor, body }) => reply(await useCase.execute(actor, body), 200, accountJson),
  }),
  route({
    method: 'get',
    path: '/api/users/:userId',
    operationId: 'getUser',
    summary: 'A user who shares a server with you (or you); anyone else is 404, as an unknown id is',
    tag: 'Users',
    auth: 'session',
    success: { status: 200, description: 'Their profile', schema: UserProfileResponse },
    useCase: 'getUserProfile',
    handle: async ({ useCase, actor, params }) => reply(await useCase.execute(actor, param(params, 'userId')), 200, userProfileJson),
  }),
];

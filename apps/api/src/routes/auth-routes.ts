import { LogIn, Register } from '@chat/domain';
import { AuthResponse, LogInBody, RegisterBody, ServerResponse } from '../http/schemas';
import { reply, route } from '../http/route';
import { serverJson } from '../http/serializers';
import type { AppServices } from '../services';
import { z } from 'zod';

export const authRoutes = (s: AppServices) => [
  route({
    method: 'post',
    path: '/api/users/register',
    operationId: 'register',
    summary: 'Create an account and log in',
    tag: 'Users',
    auth: false,
    body: RegisterBody,
    rateLimit: 'register',
    success: { status: 201, description: 'The account and a token for it', schema: AuthResponse },
    errors: Register.errors,
    handle: async ({ body }) => reply(await s.register.execute(body), 201, (grant) => grant),
  }),
  route({
    method: 'post',
    path: '/api/users/login',
    operationId: 'logIn',
    summary: 'Log in with email or username, and password',
    tag: 'Users',
    auth: false,
    body: LogInBody,
    rateLimit: 'login',
    success: { status: 200, description: 'A token for a new session', schema: AuthResponse },
    errors: LogIn.errors,
    handle: async ({ body }) => reply(await s.logIn.execute(body), 200, (grant) => grant),
  }),
  route({
    method: 'post',
    path: '/api/users/logout',
    operationId: 'logOut',
    summary: 'Revoke the session of this token, on every replica at once',
    tag: 'Users',
    auth: true,
    success: { status: 204, description: 'The token no longer works' },
    errors: [],
    handle: async ({ actor }) => {
      await s.logOut.execute(actor);
      return { status: 204 };
    },
  }),
  route({
    method: 'get',
    path: '/api/users/@me/servers',
    operationId: 'listMyServers',
    summary: 'The servers the caller belongs to',
    tag: 'Users',
    auth: true,
    success: { status: 200, description: 'Servers, oldest first', schema: z.array(ServerResponse) },
    errors: [],
    handle: async ({ actor }) => ({ status: 200, body: (await s.listMyServers.execute(actor)).map(serverJson) }),
  }),
];

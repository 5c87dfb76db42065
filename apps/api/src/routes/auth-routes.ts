import { ListMyServers, LogIn, LogOut, Register } from '@chat/domain';
import { AuthResponse, LogInBody, RegisterBody, ServerResponse } from '../http/schemas';
import { reply, route } from '../http/route';
import { authGrantJson, serverJson } from '../http/serializers';
import type { AppServices } from '../services';
import { z } from 'zod';

export const authRoutes = (s: AppServices) => [
  route({
    method: 'post',
    path: '/api/users/register',
    operationId: 'register',
    summary: 'Create an account and log in',
    tag: 'Users',
    auth: 'public',
    body: RegisterBody,
    rateLimit: 'register',
    success: { status: 201, description: 'The account and a token for it', schema: AuthResponse },
    useCase: Register,
    handle: async ({ body }) => reply(await s.register.execute(body), 201, authGrantJson),
  }),
  route({
    method: 'post',
    path: '/api/users/login',
    operationId: 'logIn',
    summary: 'Log in with email or username, and password',
    tag: 'Users',
    auth: 'public',
    body: LogInBody,
    rateLimit: 'login',
    success: { status: 200, description: 'A token for a new session', schema: AuthResponse },
    useCase: LogIn,
    handle: async ({ body }) => reply(await s.logIn.execute(body), 200, authGrantJson),
  }),
  route({
    method: 'post',
    path: '/api/users/logout',
    operationId: 'logOut',
    summary: 'Revoke the session of this token, on every replica at once',
    tag: 'Users',
    auth: 'session',
    success: { status: 204, description: 'The token no longer works' },
    useCase: LogOut,
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
    auth: 'session',
    success: { status: 200, description: 'Servers, oldest first', schema: z.array(ServerResponse) },
    useCase: ListMyServers,
    handle: async ({ actor }) => ({ status: 200, body: (await s.listMyServers.execute(actor)).map(serverJson) }),
  }),
];

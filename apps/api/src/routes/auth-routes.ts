import { sessionUserAgent, type SessionClient } from '@chat/domain';
import { AuthResponse, ChangePasswordBody, LogInBody, RegisterBody, ServerResponse, ServersQuery, SessionResponse, authGrantJson, serverJson, sessionJson } from '@chat/contract';
import { noContent, param, reply, route } from '../http/route';
import type { Request } from 'express';
import { z } from 'zod';

/** What a request says of its client, kept with the session it starts. */
const clientOf = (req: Request): SessionClient => ({ userAgent: sessionUserAgent(req.headers['user-agent']) });

export const authRoutes = [
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
    useCase: 'register',
    handle: async ({ useCase, body, req }) => reply(await useCase.execute(body, clientOf(req)), 201, authGrantJson),
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
    bodyRateLimit: 'loginAccount',
    success: { status: 200, description: 'A token for a new session', schema: AuthResponse },
    useCase: 'logIn',
    handle: async ({ useCase, body, req }) => reply(await useCase.execute(body, clientOf(req)), 200, authGrantJson),
  }),
  route({
    method: 'post',
    path: '/api/users/logout',
    operationId: 'logOut',
    summary: 'Revoke the session of this token, on every replica at once',
    tag: 'Users',
    auth: 'session',
    rateLimit: 'revokeSessions',
    success: { status: 204, description: 'The token no longer works' },
    useCase: 'logOut',
    handle: async ({ useCase, actor }) => {
      await useCase.execute(actor);
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
    query: ServersQuery,
    success: { status: 200, description: 'Servers, oldest first, a page at a time', schema: z.array(ServerResponse) },
    useCase: 'listMyServers',
    handle: async ({ useCase, actor, query }) => reply(await useCase.execute(actor, query), 200, (list) => list.map(serverJson)),
  }),
  route({
    method: 'get',
    path: '/api/users/@me/sessions',
    operationId: 'listSessions',
    summary: "The caller's sessions that have not expired, newest first; `current` marks this one",
    tag: 'Users',
    auth: 'session',
    success: { status: 200, description: 'Sessions', schema: z.array(SessionResponse) },
    useCase: 'listSessions',
    handle: async ({ useCase, actor }) => reply(await useCase.execute(actor), 200, (sessions) => sessions.map(sessionJson)),
  }),
  route({
    method: 'post',
    path: '/api/users/@me/sessions/revoke-all',
    operationId: 'revokeOtherSessions',
    summary: 'Revoke every session of the caller but this one (their tokens stop, their sockets close)',
    tag: 'Users',
    auth: 'session',
    rateLimit: 'revokeSessions',
    success: { status: 200, description: 'How many sessions were revoked', schema: z.object({ revoked: z.number().int() }).meta({ id: 'RevokedSessions' }) },
    useCase: 'revokeOtherSessions',
    handle: async ({ useCase, actor }) => reply(await useCase.execute(actor), 200, (outcome) => ({ revoked: outcome.revoked })),
  }),
  route({
    method: 'delete',
    path: '/api/users/@me/sessions/:sessionId',
    operationId: 'revokeSession',
    summary: "Revoke one of the caller's sessions (this one too: a logout); its tokens stop and its sockets close",
    tag: 'Users',
    auth: 'session',
    rateLimit: 'revokeSessions',
    success: { status: 204, description: 'The session is revoked' },
    useCase: 'revokeSession',
    handle: async ({ useCase, actor, params }) => noContent(await useCase.execute(actor, param(params, 'sessionId'))),
  }),
  route({
    method: 'patch',
    path: '/api/users/@me/password',
    operationId: 'changePassword',
    summary: 'Change the password (a person, proving the current one); every other session is revoked',
    tag: 'Users',
    auth: 'session',
    body: ChangePasswordBody,
    rateLimit: 'changePassword',
    success: { status: 204, description: 'The password is changed; only this session is left' },
    useCase: 'changePassword',
    handle: async ({ useCase, actor, body }) => noContent(await useCase.execute(actor, body)),
  }),
];

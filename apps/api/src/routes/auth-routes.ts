import { ChangePassword, ListMyServers, ListSessions, LogIn, LogOut, Register, RevokeOtherSessions, RevokeSession, sessionUserAgent, type SessionClient } from '@chat/domain';
import { AuthResponse, ChangePasswordBody, LogInBody, RegisterBody, ServerResponse, ServersQuery, SessionResponse } from '../http/schemas';
import { noContent, param, reply, route } from '../http/route';
import { authGrantJson, serverJson, sessionJson } from '../http/serializers';
import type { AppServices } from '../services';
import type { Request } from 'express';
import { z } from 'zod';

/** What a request says of its client, kept with the session it starts. */
const clientOf = (req: Request): SessionClient => ({ userAgent: sessionUserAgent(req.headers['user-agent']) });

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
    handle: async ({ body, req }) => reply(await s.register.execute(body, clientOf(req)), 201, authGrantJson),
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
    useCase: LogIn,
    handle: async ({ body, req }) => reply(await s.logIn.execute(body, clientOf(req)), 200, authGrantJson),
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
    query: ServersQuery,
    success: { status: 200, description: 'Servers, oldest first, a page at a time', schema: z.array(ServerResponse) },
    useCase: ListMyServers,
    handle: async ({ actor, query }) => reply(await s.listMyServers.execute(actor, query), 200, (list) => list.map(serverJson)),
  }),
  route({
    method: 'get',
    path: '/api/users/@me/sessions',
    operationId: 'listSessions',
    summary: "The caller's sessions that have not expired, newest first; `current` marks this one",
    tag: 'Users',
    auth: 'session',
    success: { status: 200, description: 'Sessions', schema: z.array(SessionResponse) },
    useCase: ListSessions,
    handle: async ({ actor }) => reply(await s.listSessions.execute(actor), 200, (sessions) => sessions.map(sessionJson)),
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
    useCase: RevokeOtherSessions,
    handle: async ({ actor }) => reply(await s.revokeOtherSessions.execute(actor), 200, (outcome) => ({ revoked: outcome.revoked })),
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
    useCase: RevokeSession,
    handle: async ({ actor, params }) => noContent(await s.revokeSession.execute(actor, param(params, 'sessionId'))),
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
    useCase: ChangePassword,
    handle: async ({ actor, body }) => noContent(await s.changePassword.execute(actor, body)),
  }),
];

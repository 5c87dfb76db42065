import { CreateApplication, DeleteApplication, ListApplications, RotateApplicationSecret } from '@chat/domain';
import { z } from 'zod';
import { noContent, param, reply, route } from '../http/route';
import { ApplicationResponse, ApplicationsQuery, CreatedApplicationResponse, ServerBody } from '../http/schemas';
import { applicationJson, createdApplicationJson } from '../http/serializers';
import type { AppServices } from '../services';

export const applicationRoutes = (s: AppServices) => [
  route({
    method: 'post',
    path: '/api/applications',
    operationId: 'createApplication',
    // The secret is not kept for a replay: a retry with the same key gets the application with a new secret.
    idempotent: {
      field: 'clientSecret',
      renew: async ({ actor }, stored, status) => reply(await s.rotateApplicationSecret.execute(actor, String(stored.id)), status, createdApplicationJson),
    },
    summary: 'Create a bot application; its client secret is shown this once (a replay with the Idempotency-Key shows a new one)',
    tag: 'Applications',
    auth: 'session',
    body: ServerBody,
    success: { status: 201, description: 'The application, its bot user and its client secret', schema: CreatedApplicationResponse },
    useCase: CreateApplication,
    handle: async ({ actor, body }) => reply(await s.createApplication.execute(actor, body), 201, createdApplicationJson),
  }),
  route({
    method: 'get',
    path: '/api/applications',
    operationId: 'listApplications',
    summary: "The caller's applications, without secrets",
    tag: 'Applications',
    auth: 'session',
    query: ApplicationsQuery,
    success: { status: 200, description: 'Applications, oldest first, a page at a time', schema: z.array(ApplicationResponse) },
    useCase: ListApplications,
    handle: async ({ actor, query }) => reply(await s.listApplications.execute(actor, query), 200, (list) => list.map(applicationJson)),
  }),
  route({
    method: 'post',
    path: '/api/applications/:applicationId/secret',
    operationId: 'resetApplicationSecret',
    summary: 'Rotate the client secret (the old one stops working at once)',
    tag: 'Applications',
    auth: 'session',
    success: { status: 200, description: 'The application with its new secret, shown this once', schema: CreatedApplicationResponse },
    useCase: RotateApplicationSecret,
    handle: async ({ actor, params }) => reply(await s.rotateApplicationSecret.execute(actor, param(params, 'applicationId')), 200, createdApplicationJson),
  }),
  route({
    method: 'delete',
    path: '/api/applications/:applicationId',
    operationId: 'deleteApplication',
    summary: "Delete an application and revoke its bot's tokens",
    tag: 'Applications',
    auth: 'session',
    success: { status: 204, description: 'Deleted; its tokens no longer work' },
    useCase: DeleteApplication,
    handle: async ({ actor, params }) => noContent(await s.deleteApplication.execute(actor, param(params, 'applicationId'))),
  }),
];

import { z } from 'zod';
import { noContent, param, reply, route } from '../http/route';
import { ApplicationResponse, ApplicationsQuery, CreatedApplicationResponse, ServerBody, applicationJson, createdApplicationJson } from '@chat/contract';

export const applicationRoutes = [
  route({
    method: 'post',
    path: '/api/applications',
    operationId: 'createApplication',
    // The secret is not kept for a replay: a retry with the same key gets the application with a new secret.
    idempotent: {
      field: 'clientSecret',
      useCase: 'rotateApplicationSecret',
      renew: async ({ useCase, actor }, stored, status) => reply(await useCase.execute(actor, String(stored.id)), status, createdApplicationJson),
    },
    summary: 'Create a bot application; its client secret is shown this once (a replay with the Idempotency-Key shows a new one)',
    tag: 'Applications',
    auth: 'session',
    body: ServerBody,
    success: { status: 201, description: 'The application, its bot user and its client secret', schema: CreatedApplicationResponse },
    useCase: 'createApplication',
    handle: async ({ useCase, actor, body }) => reply(await useCase.execute(actor, body), 201, createdApplicationJson),
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
    useCase: 'listApplications',
    handle: async ({ useCase, actor, query }) => reply(await useCase.execute(actor, query), 200, (list) => list.map(applicationJson)),
  }),
  route({
    method: 'post',
    path: '/api/applications/:applicationId/secret',
    operationId: 'resetApplicationSecret',
    summary: 'Rotate the client secret (the old one stops working at once)',
    tag: 'Applications',
    auth: 'session',
    success: { status: 200, description: 'The application with its new secret, shown this once', schema: CreatedApplicationResponse },
    useCase: 'rotateApplicationSecret',
    handle: async ({ useCase, actor, params }) => reply(await useCase.execute(actor, param(params, 'applicationId')), 200, createdApplicationJson),
  }),
  route({
    method: 'delete',
    path: '/api/applications/:applicationId',
    operationId: 'deleteApplication',
    summary: "Delete an application and revoke its bot's tokens",
    tag: 'Applications',
    auth: 'session',
    success: { status: 204, description: 'Deleted; its tokens no longer work' },
    useCase: 'deleteApplication',
    handle: async ({ useCase, actor, params }) => noContent(await useCase.execute(actor, param(params, 'applicationId'))),
  }),
];

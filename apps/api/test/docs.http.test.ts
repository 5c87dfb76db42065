import { allRoutes, openApiDocument } from '../src/app';
import { statusOf } from '../src/http/error-mapping';
import { buildTestApp, type TestApp } from './test-app';

describe('health and the API description', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });

  it('answers GET /health with 200', async () => {
    const res = await t.http().get('/health');
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('serves an OpenAPI 3.1 document describing every mounted route', async () => {
    const res = await t.http().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const documented = Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method} ${path}`),
    );
    const streamed = ['post /api/oauth2/token', 'post /api/attachments', 'get /api/attachments/{id}'];
    const mounted = [...allRoutes().map((r) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, '{$1}')}`), ...streamed];
    expect(documented.sort()).toEqual(mounted.sort());
  });

  it('names every operation with a unique operationId (SDK generators name methods after them) and states a license', async () => {
    const { body } = await t.http().get('/api/openapi.json');
    const operations = Object.entries(body.paths as Record<string, Record<string, { operationId?: unknown }>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ at: `${method} ${path}`, operationId: operation.operationId })),
    );
    expect(operations.filter(({ operationId }) => typeof operationId !== 'string' || !/^[a-z][A-Za-z]+$/.test(operationId))).toEqual([]);
    const ids = operations.map(({ operationId }) => operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(body.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
  });

  it('builds the same document without an app, as the client SDK generates its types from', async () => {
    const { body } = await t.http().get('/api/openapi.json');
    expect(openApiDocument()).toEqual(body);
  });

  it('describes request bodies from the same schemas that validate them', async () => {
    const { body } = await t.http().get('/api/openapi.json');
    const send = body.paths['/api/channels/{channelId}/messages'].post;
    expect(send.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/SendMessageRequest' });
    expect(body.components.schemas.SendMessageRequest).toEqual(
      expect.objectContaining({
        type: 'object',
        properties: {
          content: expect.objectContaining({ type: 'string' }),
          nonce: expect.objectContaining({ type: 'string' }),
          attachmentIds: expect.objectContaining({ type: 'array' }),
          replyTo: expect.objectContaining({ type: 'string' }),
          mentionAuthor: expect.objectContaining({ type: 'boolean' }),
        },
      }),
    );
    expect(body.components.schemas.Message.required).toEqual(['id', 'channelId', 'content', 'createdAt', 'editedAt', 'mentions', 'mentionRoles', 'mentionEveryone', 'attachments', 'replyTo', 'pinned', 'author', 'reactions']);
    const query = body.paths['/api/channels/{channelId}/messages'].get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`);
    expect(query).toEqual(['path:channelId', 'query:limit', 'query:before', 'query:after', 'query:around']);
  });

  it('documents the problem responses of each route', async () => {
    const { body } = await t.http().get('/api/openapi.json');
    const leave = body.paths['/api/servers/{serverId}/members/@me'].delete.responses;
    expect(Object.keys(leave).sort()).toEqual(['204', '400', '401', '404', '409', '429', '500']);
    expect(leave['409'].content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/Problem' });
  });

  it('describes every field a problem is sent with: the Problem schema admits no others', async () => {
    const { body } = await t.http().get('/api/openapi.json');
    const schema = body.components.schemas.Problem;
    const sent = await t.http().get('/api/applications?limit=abc').set('Authorization', (await t.register('problem')).token);

    expect(sent.status).toBe(400);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(sent.body).filter((key) => !(key in schema.properties))).toEqual([]);
    expect(sent.body.requestId).toBe(sent.headers['x-request-id']);
  });

  it("documents each route's problems from its use case's error kinds, with their codes", async () => {
    const { body } = await t.http().get('/api/openapi.json');
    const statuses = (path: string, method: string) => Object.keys(body.paths[path][method].responses).sort();
    // A bot creating a server is refused 403 (BotsCannotDoThis): documented since it is declared.
    expect(statuses('/api/servers', 'post')).toEqual(['201', '400', '401', '403', '409', '413', '415', '422', '429', '500']);
    expect(body.paths['/api/servers'].post.responses['403'].description).toContain('FORBIDDEN');
    expect(statuses('/api/channels/{channelId}/messages', 'post')).toEqual(['201', '400', '401', '403', '404', '409', '413', '415', '422', '429', '500']);
    // Routes that create things take an Idempotency-Key.
    expect(body.paths['/api/channels/{channelId}/messages'].post.parameters).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }));
    expect(body.paths['/api/servers/{serverId}'].patch.parameters).not.toContainEqual(expect.objectContaining({ name: 'Idempotency-Key' }));
    // Logging in is public: its 401 is a wrong password, not a bad token.
    const login = body.paths['/api/users/login'].post.responses;
    expect(login['401'].description).toContain('INVALID_CREDENTIALS');
    expect(login['401'].description).not.toContain('UNAUTHENTICATED');
    expect(body.paths['/api/channels/{channelId}/messages/{messageId}/reactions'].post.responses['400'].description).toContain('TOO_MANY_REACTIONS');

    // Every route: each error kind its use case declares is documented with its status and code.
    for (const spec of allRoutes()) {
      const responses = body.paths[spec.path.replace(/:([A-Za-z]+)/g, '{$1}')][spec.method].responses as Record<string, { description: string }>;
      for (const kind of spec.errors) {
        const { status, code } = statusOf(kind);
        expect({ route: spec.operationId, kind, documented: responses[status]?.description.includes(code) }).toEqual({ route: spec.operationId, kind, documented: true });
      }
    }
  });

  it('serves a readable docs page at /api/docs', async () => {
    const res = await t.http().get('/api/docs/');
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger-ui');
  });
});

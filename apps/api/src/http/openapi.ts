import { z } from 'zod';
import type { RouteSpec } from './route';
import { ProblemResponse } from './schemas';

type JsonSchema = Record<string, unknown>;

const COMMON_PROBLEMS: Record<number, string> = {
  400: 'Invalid input, malformed JSON (code VALIDATION_FAILED or MALFORMED_JSON)',
  401: 'Missing, invalid, expired or revoked token (code UNAUTHENTICATED)',
  403: 'The caller may not do this (code FORBIDDEN)',
  404: 'Not found (code NOT_FOUND)',
  409: 'Conflict (code CONFLICT or OWNER_CANNOT_LEAVE)',
  413: 'Body over 64 KiB (code PAYLOAD_TOO_LARGE)',
  415: 'Body is not JSON (code UNSUPPORTED_MEDIA_TYPE)',
  429: 'Too many requests (code RATE_LIMITED)',
  500: 'Unexpected failure; never carries internals (code INTERNAL)',
};

/**
 * Converts a zod schema to JSON Schema 2020-12 (OpenAPI 3.1's dialect), hoisting named schemas
 * (`.meta({ id })`) into components so each is described once.
 */
export function toSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _dialect, $defs, ...rest } = converted;
  const rewrite = (value: JsonSchema): JsonSchema =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) components[name] = rewrite(def);
  const id = schema.meta()?.id;
  // A named schema comes back as a reference to its own hoisted definition.
  if (typeof rest.$ref === 'string') return rewrite(rest);
  if (typeof id === 'string') {
    components[id] = rewrite(rest);
    return { $ref: `#/components/schemas/${id}` };
  }
  return rewrite(rest);
}

function queryParameters(query: z.ZodType, components: Record<string, JsonSchema>): JsonSchema[] {
  const schema = toSchema(query, 'input', components) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return { name, in: 'query', required: schema.required?.includes(name) ?? false, description, schema: rest };
  });
}

export function buildOpenApi(routes: readonly RouteSpec<unknown, unknown>[], handWritten: Record<string, Record<string, unknown>> = {}): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  const problemRef = toSchema(ProblemResponse, 'output', components);
  const paths: Record<string, Record<string, unknown>> = {};

  for (const spec of routes) {
    const path = spec.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const pathParameters = [...spec.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const statuses = new Set([400, 500, ...(spec.auth ? [401] : []), ...(spec.body ? [413, 415] : []), ...spec.problems]);
    const responses: Record<string, unknown> = {
      [spec.success.status]: {
        description: spec.success.description,
        ...(spec.success.schema ? { content: { 'application/json': { schema: toSchema(spec.success.schema, 'output', components) } } } : {}),
      },
    };
    for (const status of [...statuses].sort()) {
      responses[status] = { description: COMMON_PROBLEMS[status] ?? 'Problem', content: { 'application/problem+json': { schema: problemRef } } };
    }
    (paths[path] ??= {})[spec.method] = {
      operationId: spec.operationId,
      summary: spec.summary,
      tags: [spec.tag],
      ...(spec.auth ? {} : { security: [] }),
      parameters: [...pathParameters, ...(spec.query ? queryParameters(spec.query, components) : [])],
      ...(spec.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(spec.body, 'input', components) } } } }
        : {}),
      responses,
    };
  }

  Object.assign(paths, handWritten);
  components.OAuthError = {
    type: 'object',
    required: ['error'],
    properties: { error: { type: 'string' }, error_description: { type: 'string' } },
  };

  return {
    openapi: '3.1.0',
    info: {
      title: 'Chat API',
      version: '0.1.0',
      description:
        'Self-hosted chat: servers, channels, messages, reactions and members. Every error is RFC 9457 problem+json with a stable `code`.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    externalDocs: { description: 'Realtime events: the WebSocket gateway at /api/gateway, described in AsyncAPI 3.0', url: '/api/asyncapi.json' },
    servers: [{ url: '/' }],
    security: [{ token: [] }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        clientBasic: { type: 'http', scheme: 'basic', description: 'OAuth2 client_secret_basic: client_id and client_secret' },
        token: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The token from login or register, bare or as `Bearer <token>`.',
        },
      },
    },
  };
}

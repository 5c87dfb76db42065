import { z } from 'zod';
import { statusOf } from './error-mapping';
import { rateLimitOf, type RouteSpec } from './route';
import { ProblemResponse } from '@chat/contract';

type JsonSchema = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  400: 'Invalid input, malformed JSON',
  401: 'Missing, invalid, expired or revoked token',
  403: 'The caller may not do this',
  404: 'Not found',
  409: 'Conflict',
  413: 'Body over 64 KiB',
  415: 'Body is not JSON',
  422: 'The Idempotency-Key was used for another request',
  429: 'Too many requests',
  500: 'Unexpected failure; never carries internals',
};

const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A key of yours (1-255 visible ASCII characters, bare or as a quoted string; a UUID is a good choice). A retry with the same key within 24 hours gets the first answer (status and body, with `Idempotent-Replayed: true`) and writes nothing; the same key with another method, path or body is 422; while the first is still being answered, 409. Only successes are kept: after a problem, the key may be used again. A secret shown once (an application\'s client secret) is not kept: a replay shows a new one, and the first stops working.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/** The problems the edge answers by itself, before or around a use case, with their codes. */
function edgeProblems(spec: RouteSpec<unknown, unknown>): [number, string][] {
  const problems: [number, string][] = [
    [400, 'VALIDATION_FAILED'],
    [500, 'INTERNAL'],
  ];
  if (spec.auth !== 'public') problems.push([401, 'UNAUTHENTICATED']);
  if (spec.body) problems.push([400, 'MALFORMED_JSON'], [413, 'PAYLOAD_TOO_LARGE'], [415, 'UNSUPPORTED_MEDIA_TYPE']);
  if (rateLimitOf(spec) || spec.bodyRateLimit) problems.push([429, 'RATE_LIMITED']);
  if (spec.idempotent) problems.push([409, 'IDEMPOTENCY_KEY_IN_USE'], [422, 'IDEMPOTENCY_KEY_REUSED']);
  // A replay that renews a secret finds what the first answer created gone if it was deleted since.
  if (typeof spec.idempotent === 'object') problems.push([404, 'NOT_FOUND']);
  return problems;
}

/** Each status the route can answer with a problem, and its codes: the edge's, and its use case's error kinds'. */
export function problemsOf(spec: RouteSpec<unknown, unknown>): Map<number, string[]> {
  const problems = new Map<number, string[]>();
  const fromUseCase = spec.errors.map((kind) => statusOf(kind)).map(({ status, code }) => [status, code] as [number, string]);
  for (const [status, code] of [...edgeProblems(spec), ...fromUseCase].sort(([a], [b]) => a - b)) {
    const codes = problems.get(status) ?? [];
    if (!codes.includes(code)) codes.push(code);
    problems.set(status, codes);
  }
  return problems;
}

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

/** Paths described outside the route specs (the OAuth token endpoint), from zod schemas through `schemaOf`. */
export type ExtraPaths = (schemaOf: (schema: z.ZodType, io: 'input' | 'output') => JsonSchema) => Record<string, Record<string, unknown>>;

/** One route as an OpenAPI operation: its parameters, body, success and every problem it may answer. */
function operationOf(spec: RouteSpec<unknown, unknown>, components: Record<string, JsonSchema>, problemRef: JsonSchema): Record<string, unknown> {
  const pathParameters = [...spec.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const content = spec.success.schema ? { content: { 'application/json': { schema: toSchema(spec.success.schema, 'output', components) } } } : {};
  const responses: Record<string, unknown> = {
    [spec.success.status]: { description: spec.success.description, ...content },
    ...(spec.success.also ? { [spec.success.also.status]: { description: spec.success.also.description, ...content } } : {}),
  };
  for (const [status, codes] of problemsOf(spec)) {
    const description = `${STATUS_TEXT[status] ?? 'Problem'} (code ${codes.join(' or ')})`;
    responses[status] = { description, content: { 'application/problem+json': { schema: problemRef } } };
  }
  return {
    operationId: spec.operationId,
    summary: spec.summary,
    tags: [spec.tag],
    ...(spec.auth === 'public' ? { security: [] } : spec.auth === 'optional' ? { security: [{}, { token: [] }] } : {}),
    parameters: [...pathParameters, ...(spec.query ? queryParameters(spec.query, components) : []), ...(spec.idempotent ? [IDEMPOTENCY_KEY_PARAMETER] : [])],
    ...(spec.body
      ? { requestBody: { required: spec.bodyOptional !== true, content: { 'application/json': { schema: toSchema(spec.body, 'input', components) } } } }
      : {}),
    responses,
  };
}

const SECURITY_SCHEMES = {
  clientBasic: { type: 'http', scheme: 'basic', description: 'OAuth2 client_secret_basic: client_id and client_secret' },
  token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The token from login or register, bare or as `Bearer <token>`.' },
};

export function buildOpenApi(routes: readonly RouteSpec<unknown, unknown>[], extraPaths?: ExtraPaths): JsonSchema {
  const components: Record<string, JsonSchema> = {};
  const problemRef = toSchema(ProblemResponse, 'output', components);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of routes) (paths[spec.path.replace(/:([A-Za-z]+)/g, '{$1}')] ??= {})[spec.method] = operationOf(spec, components, problemRef);
  if (extraPaths) Object.assign(paths, extraPaths((schema, io) => toSchema(schema, io, components)));

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
    components: { schemas: components, securitySchemes: SECURITY_SCHEMES },
  };
}

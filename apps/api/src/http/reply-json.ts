import { isDeepStrictEqual } from 'node:util';
import type { Response } from 'express';
import type { RouteSpec } from './route';

/** A success as a handler answers it: a body to serialize, or JSON text already rendered (by the store). */
export type Success = { readonly status: number; readonly body?: unknown } | { readonly status: number; readonly json: string };

/** The JSON text of a success; null when it has no body. */
export const jsonOf = (result: Success): string | null =>
  'json' in result ? result.json : result.body === undefined ? null : JSON.stringify(result.body);

/** The answer as kept for a replay: without the secret field of a `SecretRenewal` route. */
export function storedJson(result: Success, secret: string | undefined): string | null {
  if (secret === undefined || 'json' in result || typeof result.body !== 'object' || result.body === null) return jsonOf(result);
  const { [secret]: _shownOnce, ...kept } = result.body as Record<string, unknown>;
  return JSON.stringify(kept);
}

/**
 * What `res.json` would send, written directly: Express's `send` also works out ETags (off here),
 * freshness and charsets, which showed in the API's CPU profile of a message POST. Node drops the body
 * of a HEAD.
 */
export function sendJson(res: Response, status: number, json: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  res.end(json);
}

/**
 * In tests, every success goes through the route's documented status and response schema: a body
 * that strays from what the OpenAPI document promises fails the request (500) and so the test.
 */
export function checkResponse(spec: RouteSpec<unknown, unknown>, status: number, body: unknown): void {
  if (status !== spec.success.status && status !== spec.success.also?.status) throw new Error(`${spec.operationId} answered ${status}, documented ${spec.success.status}`);
  const schema = spec.success.schema;
  if (!schema) {
    if (body !== undefined) throw new Error(`${spec.operationId} documents no body but sent one`);
    return;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`${spec.operationId} answered a body its schema refuses: ${parsed.error.message}`);
  // zod drops keys it does not know: a body with more than the schema describes differs from its parse.
  if (!isDeepStrictEqual(parsed.data, body)) throw new Error(`${spec.operationId} answered fields its schema does not describe`);
}

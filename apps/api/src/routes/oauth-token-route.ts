import type { ClientCredentials, DomainError, Result, TokenPair, UseCases } from '@chat/domain';
import express, { type ErrorRequestHandler, type Request, type RequestHandler, type Response, type Router } from 'express';
import { BODY_LIMIT } from '../http/mount-route';
import { z } from 'zod';
import type { ExtraPaths } from '../http/openapi';

export const TOKEN_PATH = '/api/oauth2/token';

type OAuthErrorCode = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type';

/** RFC 6749 §5.2: OAuth clients parse this shape, so this one endpoint does not answer problem+json. */
function oauthError(res: Response, code: OAuthErrorCode, description: string, basic = false): void {
  if (code === 'invalid_client' && basic) res.setHeader('WWW-Authenticate', 'Basic realm="chat-api", charset="UTF-8"');
  const requestId = res.locals.requestId;
  const body: z.output<typeof OAuthErrorResponse> = { error: code, error_description: description, ...(requestId ? { request_id: requestId } : {}) };
  res.status(code === 'invalid_client' ? 401 : 400).json(body);
}

/** `Basic base64(urlencode(client_id):urlencode(client_secret))`, as RFC 6749 §2.3.1 has it. */
function basicCredentials(header: string | undefined): ClientCredentials | 'malformed' | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!header?.toLowerCase().startsWith('basic')) return null;
  if (!match?.[1]) return 'malformed';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    return { clientId: decodeURIComponent(decoded.slice(0, colon)), clientSecret: decodeURIComponent(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed'; // a broken percent-escape
  }
}

/** One string per parameter: a repeated one (a form array) or a non-string (JSON) is an invalid request. */
function single(body: Record<string, unknown>, name: string): string | undefined | 'invalid' {
  const value = body[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : 'invalid';
}

/** RFC 6749 §5.2 allows only these characters in error_description, so user input is quoted only if it fits. */
const describable = (value: string): boolean => /^[\x20-\x21\x23-\x5B\x5D-\x7E]{1,64}$/.test(value);

/** The two use cases this endpoint drives, one per grant type; no other. */
export type TokenGrants = Pick<UseCases, 'clientCredentialsGrant' | 'refreshTokenGrant'>;

async function handle(grants: TokenGrants, req: Request, res: Response): Promise<void> {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
  const body: Record<string, unknown> = typeof req.body === 'object' && req.body !== null ? req.body : {};
  const params = Object.fromEntries(
    ['grant_type', 'client_id', 'client_secret', 'refresh_token'].map((name) => [name, single(body, name)]),
  );
  const invalid = Object.entries(params).find(([, value]) => value === 'invalid');
  if (invalid) return oauthError(res, 'invalid_request', `${invalid[0]} must be given once, as a string`);

  const basic = basicCredentials(req.headers.authorization);
  if (basic === 'malformed') return oauthError(res, 'invalid_client', 'malformed Basic credentials', true);
  if (basic && params.client_secret !== undefined) return oauthError(res, 'invalid_request', 'use one client authentication method, not two');
  if (basic && params.client_id !== undefined && params.client_id !== basic.clientId) {
    return oauthError(res, 'invalid_request', 'client_id in the body differs from the authenticated client');
  }
  const credentials =
    basic ?? (params.client_id && params.client_secret ? { clientId: params.client_id, clientSecret: params.client_secret } : null);

  const grantType = params.grant_type;
  if (!grantType) return oauthError(res, 'invalid_request', 'grant_type is required');
  // RFC 6749 §5.2: a grant this server does not implement (password, authorization_code, device
  // code and every other) is unsupported_grant_type; unauthorized_client is for a grant it implements
  // but the client may not use, which no client here has.
  if (grantType !== 'client_credentials' && grantType !== 'refresh_token') {
    return oauthError(res, 'unsupported_grant_type', describable(grantType) ? `grant_type ${grantType} is not supported` : 'grant_type is not supported');
  }
  if (!credentials) return oauthError(res, 'invalid_client', 'client authentication is required', true);

  let result: Result<TokenPair>;
  if (grantType === 'client_credentials') {
    result = await grants.clientCredentialsGrant.execute(credentials);
  } else {
    if (!params.refresh_token) return oauthError(res, 'invalid_request', 'refresh_token is required');
    result = await grants.refreshTokenGrant.execute(credentials, params.refresh_token);
  }
  if (!result.ok) return sendGrantError(res, result.error, basic !== null);
  const pair: z.output<typeof TokenResponse> = {
    access_token: result.value.accessToken,
    token_type: 'Bearer',
    expires_in: result.value.expiresIn,
    refresh_token: result.value.refreshToken,
  };
  res.status(200).json(pair);
}

function sendGrantError(res: Response, error: DomainError, basic: boolean): void {
  if (error.kind === 'InvalidClient') return oauthError(res, 'invalid_client', 'unknown client or wrong secret', basic);
  return oauthError(res, 'invalid_grant', 'the refresh token is invalid, expired, revoked or already used');
}

const parseForm = express.urlencoded({ extended: false, limit: BODY_LIMIT, parameterLimit: 20 });
const parseJson = express.json({ limit: BODY_LIMIT });

/** A body that cannot be read is an invalid request in the RFC's shape too, not a problem document. */
const bodyErrors: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  if (res.headersSent) return next(error);
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    res.setHeader('Cache-Control', 'no-store');
    return oauthError(res, 'invalid_request', 'the request body could not be read');
  }
  next(error);
};

/** `POST /api/oauth2/token`, form-encoded as RFC 6749 requires (JSON accepted too). */
export function mountOAuthToken(router: Router, grants: TokenGrants, limiter: RequestHandler | undefined): void {
  const chain: RequestHandler[] = [];
  if (limiter) chain.push(limiter);
  chain.push(parseForm, parseJson, (req, res, next) => {
    handle(grants, req, res).catch(next);
  });
  router.post(TOKEN_PATH, ...chain, bodyErrors);
}

/** The token request, as RFC 6749 sends it (form-encoded); the handler checks it field by field. */
export const TokenRequest = z
  .object({
    grant_type: z.enum(['client_credentials', 'refresh_token']),
    refresh_token: z.string().meta({ description: 'With grant_type=refresh_token; spent on use' }).optional(),
    client_id: z.string().meta({ description: 'client_secret_post; or use HTTP Basic' }).optional(),
    client_secret: z.string().optional(),
    scope: z.string().meta({ description: 'Ignored: a bot token carries its bot user' }).optional(),
  })
  .meta({ id: 'OAuthTokenRequest' });

/** A token pair, as RFC 6749 §5.1 answers it. */
export const TokenResponse = z
  .strictObject({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number().int(), refresh_token: z.string() })
  .meta({ id: 'OAuthTokenPair' });

/** RFC 6749 §5.2's error (this endpoint's errors are not problem+json: OAuth clients parse this shape). */
export const OAuthErrorResponse = z
  .strictObject({
    error: z.enum(['invalid_request', 'invalid_client', 'invalid_grant', 'unsupported_grant_type']),
    error_description: z.string().optional(),
    request_id: z.string().optional(),
  })
  .meta({ id: 'OAuthError' });

/** Its entry in the OpenAPI document, from the same schemas (see `ExtraPaths`). */
export const oauthTokenOpenApi: ExtraPaths = (schemaOf) => ({
  [TOKEN_PATH]: {
    post: {
      operationId: 'issueOAuthToken',
      summary: 'OAuth 2.0 token endpoint for bot applications (client_credentials, refresh_token)',
      tags: ['OAuth2'],
      security: [{ clientBasic: [] }, {}],
      requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: schemaOf(TokenRequest, 'input') } } },
      responses: {
        200: {
          description: 'A token pair; `Cache-Control: no-store`. A refresh token spent twice revokes its whole family.',
          content: { 'application/json': { schema: schemaOf(TokenResponse, 'output') } },
        },
        400: {
          description: 'RFC 6749 error: invalid_request, invalid_grant, unsupported_grant_type',
          content: { 'application/json': { schema: schemaOf(OAuthErrorResponse, 'output') } },
        },
        401: {
          description: 'invalid_client (with WWW-Authenticate when Basic was used)',
          content: { 'application/json': { schema: schemaOf(OAuthErrorResponse, 'output') } },
        },
        429: { description: 'Too many requests (problem+json, code RATE_LIMITED)' },
      },
    },
  },
});

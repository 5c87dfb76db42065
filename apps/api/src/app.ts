import type { Actor } from '@chat/domain';
import { signAttachmentUrls } from '@chat/contract';
import { MemoryIdempotencyStore, type IdempotencyStore } from './http/idempotency';
import type { Metrics } from './observability/metrics';
import type { Tracing } from './observability/tracing';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import { mountDocs } from './http/docs-page';
import { errorMiddleware, notFoundMiddleware } from './http/error-middleware';
import { mountRoute, type CallerScope } from './http/mount-route';
import { requestId, requestLogger } from './http/request-context';
import { securityHeaders } from './http/security-headers';
import { buildOpenApi } from './http/openapi';
import { problem, sendProblem } from './http/problem';
import { buildAsyncApi } from './gateway/asyncapi';
import { GATEWAY_PATH } from './gateway/gateway';
import type { RateLimiters } from './http/rate-limits';
import type { ExtraPaths } from './http/openapi';
import type { RouteSpec } from './http/route';
import { applicationRoutes } from './routes/application-routes';
import { attachmentsOpenApi } from './routes/attachment-openapi';
import { mountAttachments } from './routes/attachment-routes';
import { authRoutes } from './routes/auth-routes';
import { blockRoutes } from './routes/block-routes';
import { channelRoutes } from './routes/channel-routes';
import { conversationRoutes } from './routes/conversation-routes';
import { messageRoutes } from './routes/message-routes';
import { pinRoutes } from './routes/pin-routes';
import { profileRoutes } from './routes/profile-routes';
import { readStateRoutes } from './routes/read-state-routes';
import { mountOAuthToken, oauthTokenOpenApi } from './routes/oauth-token-route';
import { roleRoutes } from './routes/role-routes';
import { searchRoutes } from './routes/search-routes';
import { serverRoutes } from './routes/server-routes';
import { signalRoutes } from './routes/signal-routes';
import type { AppServices } from './services';
import { mountWeb, type WebAssets } from './http/web';

/**
 * The OpenAPI document as the app serves it, without building the app (the client SDK's types are
 * generated from it). Routes name their use cases by key, handed over only when mounted.
 */
export function openApiDocument(): Record<string, unknown> {
  return buildOpenApi(allRoutes(), extraPaths);
}

/** The routes that are not route specs: the OAuth token endpoint, and the attachments' upload and download (they stream). */
const extraPaths: ExtraPaths = (schemaOf) => ({ ...oauthTokenOpenApi(schemaOf), ...attachmentsOpenApi(schemaOf) });

/** Whether each backing service answers; `/ready` is 200 only when all do. */
export type Readiness = () => Promise<Record<string, 'up' | 'down'>>;

/** Shared with the process: once draining, the replica tells its load balancer to go elsewhere. */
export interface Lifecycle {
  draining: boolean;
}

export interface AppOptions {
  readonly logger: Logger;
  /** Proxy hops in front of the app (`TRUST_PROXY`); 0 trusts no `X-Forwarded-For`. */
  readonly trustProxy: number;
  readonly rateLimiters?: RateLimiters;
  /** Whether an error means a backing service is away (answered 503) rather than a bug (500). */
  readonly isUnavailable?: (error: unknown) => boolean;
  readonly readiness?: Readiness;
  readonly lifecycle?: Lifecycle;
  /** One JSON log line per request (off in unit tests). */
  readonly logRequests?: boolean;
  /** Check every success against its route's documented status and schema (tests; costs a parse per response). */
  readonly checkResponses?: boolean;
  /** Where Idempotency-Keys live: the database in production (every replica sees them); memory by default. */
  readonly idempotency?: IdempotencyStore;
  /** With read replicas: each signed-in request runs as its caller, for read-your-writes (see `CallerScope`). */
  readonly callers?: CallerScope;
  /** Request metrics, counted here and served on a listener of their own (`startMetricsServer`), never by this app. */
  readonly metrics?: Metrics;
  /** OpenTelemetry: a server span per request (off unless configured). */
  readonly tracing?: Tracing;
  /** The chat page at `/` (`DISABLE_WEB=1` turns it off); its files, or true to find them installed. */
  readonly web?: boolean | WebAssets;
  /** The largest upload (`ATTACHMENT_MAX_BYTES`): a body declared longer is refused before it is read. */
  readonly attachmentMaxBytes?: number;
}

export function allRoutes(): RouteSpec<unknown, unknown>[] {
  return [...authRoutes, ...profileRoutes, ...serverRoutes, ...roleRoutes, ...channelRoutes, ...conversationRoutes, ...messageRoutes, ...pinRoutes, ...searchRoutes, ...readStateRoutes, ...signalRoutes, ...applicationRoutes, ...blockRoutes];
}

/** Builds the app without listening, so tests drive it in-process. */
export function createApp(services: AppServices, options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxy);
  app.set('etag', false);

  const lifecycle = options.lifecycle ?? { draining: false };
  app.use(requestId, securityHeaders);
  if (options.logRequests) app.use(requestLogger(options.logger));
  if (options.metrics) app.use(options.metrics.middleware());
  if (options.tracing) app.use(options.tracing.middleware());
  app.use((_req, res, next) => {
    // While draining, keep-alive clients reconnect, and land on another replica.
    if (lifecycle.draining) res.setHeader('Connection', 'close');
    next();
  });

  app.get('/health', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/ready', async (_req, res) => {
    const checks: Record<string, 'up' | 'down'> = options.readiness ? await options.readiness() : {};
    if (lifecycle.draining) checks.shutdown = 'down';
    const ready = Object.values(checks).every((state) => state === 'up');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'unavailable', checks, ...(ready ? {} : { requestId: res.locals.requestId }) });
  });

  const routes = allRoutes();
  const openApi = buildOpenApi(routes, extraPaths);
  const asyncApi = buildAsyncApi();
  app.get('/api/openapi.json', (_req, res) => void res.json(openApi));
  app.get('/api/asyncapi.json', (_req, res) => void res.json(asyncApi));
  // The gateway answers WebSocket upgrades only (see Gateway.attach).
  app.get(GATEWAY_PATH, (_req, res) =>
    sendProblem(res.setHeader('Upgrade', 'websocket'), problem(426, 'UPGRADE_REQUIRED', 'Connect with a WebSocket client; see /api/asyncapi.json.')),
  );
  mountDocs(app, openApi);
  if (options.web) mountWeb(app, options.web === true ? undefined : options.web);

  const router = express.Router();
  const edge = {
    limiters: options.rateLimiters ?? {},
    checkResponses: options.checkResponses ?? false,
    touch: (actor: Actor) => services.touchSession.execute(actor),
    idempotency: options.idempotency ?? new MemoryIdempotencyStore(),
    signLinks: (json: string) => signAttachmentUrls(json, (id) => services.linkAttachment.execute(id)),
    ...(options.callers ? { callers: options.callers } : {}),
  };
  for (const spec of routes) mountRoute(router, spec, services, edge);
  mountOAuthToken(router, services, options.rateLimiters?.oauthToken);
  mountAttachments(router, services, {
    logger: options.logger,
    touch: edge.touch,
    ...(options.rateLimiters?.upload ? { limiter: options.rateLimiters.upload } : {}),
    ...(options.attachmentMaxBytes ? { maxBytes: options.attachmentMaxBytes } : {}),
  });
  app.use(router);

  app.use(notFoundMiddleware);
  app.use(errorMiddleware(options.logger, options.isUnavailable ?? (() => false)));
  return app;
}

import type { DeviceTokens } from '@chat/domain';
import { createRedisStore, ResilientStore, type OutagePolicy, type Redis } from '@chat/redis';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit, type RateLimitInfo, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { problem, sendProblem } from '../http/problem';
import type { RateLimiters } from '../http/rate-limits';
import type { RateLimitName } from '../http/route';
import { accountKey, loginLane } from './login-lane';

interface Setting {
  readonly limit: number;
  readonly windowMs: number;
}

interface LimiterPlan {
  readonly setting: Setting;
  /** Authenticated routes count per user, anonymous ones per client address; `account`: per account a login names. */
  readonly key: 'user' | 'address' | 'account';
  /** What a Redis outage means: sending messages stays up; credentials keep a per-replica limit. */
  readonly outage: 'fail-open' | 'fall-back';
  /**
   * Routes that start a session count an IPv6 client per /64 (what one line or host gets) and, with
   * this budget beside it, per /48 (what one customer or server can get: 65,536 /64s). An IPv4
   * address counts alone in both: its /24 is shared by unrelated customers (carrier NAT, hosting).
   */
  readonly network?: Setting;
}

const plans = (config: Config): Record<RateLimitName, LimiterPlan> => ({
  sendMessage: { setting: config.RATE_LIMIT_SEND_MESSAGE, key: 'user', outage: 'fail-open' },
  login: { setting: config.RATE_LIMIT_LOGIN, key: 'address', outage: 'fall-back', network: config.RATE_LIMIT_LOGIN_NETWORK },
  loginAccount: { setting: config.RATE_LIMIT_LOGIN_ACCOUNT, key: 'account', outage: 'fall-back' },
  register: { setting: config.RATE_LIMIT_REGISTER, key: 'address', outage: 'fall-back', network: config.RATE_LIMIT_REGISTER_NETWORK },
  changePassword: { setting: config.RATE_LIMIT_CHANGE_PASSWORD, key: 'user', outage: 'fall-back' },
  writes: { setting: config.RATE_LIMIT_WRITES, key: 'user', outage: 'fail-open' },
  oauthToken: { setting: config.RATE_LIMIT_OAUTH_TOKEN, key: 'address', outage: 'fall-back' },
  invitePreview: { setting: config.RATE_LIMIT_INVITE_PREVIEW, key: 'address', outage: 'fail-open' },
});

const LIMITED: readonly RateLimitName[] = ['sendMessage', 'login', 'loginAccount', 'register', 'oauthToken', 'changePassword', 'writes', 'invitePreview'];

/** An IPv6 address per /56 (express-rate-limit's default), or per `subnet`; an IPv4 address whole. */
const addressKey =
  (subnet = 56) =>
  (req: Request): string =>
    ipKeyGenerator(req.ip ?? 'unknown', subnet);
const userKey = (req: Request, res: Response): string => (res.locals.actor ? `user:${res.locals.actor.userId}` : addressKey()(req));

function storeFor(name: string, plan: LimiterPlan, config: Config, redis: Redis | undefined, logger: Logger): Store {
  if (!redis) return new MemoryStore();
  const policy: OutagePolicy = plan.outage === 'fail-open' ? { kind: 'fail-open' } : { kind: 'fall-back', store: new MemoryStore() };
  return new ResilientStore(createRedisStore(redis, `${config.REDIS_KEY_PREFIX}rl:${name}:`), policy, {
    down: (error) =>
      logger.warn(
        { limiter: name, err: error },
        plan.outage === 'fail-open'
          ? `Redis is unavailable: ${name} is not rate limited until it returns`
          : `Redis is unavailable: ${name} falls back to a per-replica memory limit until it returns`,
      ),
    up: () => logger.info({ limiter: name }, `Redis is available: ${name} uses the shared limit`),
  });
}

/**
 * Per-user limits count before the session is checked (in the same statement as the work): a
 * request refused 401 gives its hit back, so a revoked token cannot use up its owner's limit. The
 * 401 is sent through `sendUnauthenticated`, which calls back; express-rate-limit's `skipFailedRequests`
 * would instead watch three events of every response.
 */
function givingBackOn401(counted: RequestHandler, store: Store): RequestHandler {
  return (req, res, next) =>
    counted(req, res, (error?: unknown) => {
      const info = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit;
      if (info !== undefined) {
        let given = false;
        res.locals.giveBackRateLimit = () => {
          // Once the window has turned, the hit went with it: a decrement would eat into the next one.
          if (given || (info.resetTime !== undefined && Date.now() >= info.resetTime.getTime())) return;
          given = true;
          void Promise.resolve(store.decrement(info.key)).catch(() => undefined);
        };
      }
      next(error);
    });
}

/** Both in turn: the second counts only what the first let through. */
const chained =
  (first: RequestHandler, second: RequestHandler): RequestHandler =>
  (req, res, next) =>
    first(req, res, (error?: unknown) => (error ? next(error) : second(req, res, next)));

export interface RateLimitOptions {
  /** Recognizes the device tokens logins show (the same secret as the app's). */
  readonly devices: Pick<DeviceTokens, 'recognize'>;
  /** Told of each 429, with the limiter's name (metrics). */
  readonly onRefused?: (limiter: string) => void;
}

/** The interface's limits, one limiter and one store per endpoint; shared through Redis when configured. */
export function createRateLimiters(config: Config, redis: Redis | undefined, logger: Logger, { devices, onRefused }: RateLimitOptions): RateLimiters {
  const limiters: RateLimiters = {};
  const all = plans(config);
  for (const name of LIMITED) {
    const plan = all[name];
    const { limit, windowMs } = plan.setting;
    const store = storeFor(name, plan, config, redis, logger);
    const counted = rateLimit({
      windowMs,
      limit,
      identifier: name,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      store,
      keyGenerator:
        plan.key === 'user' ? userKey : plan.key === 'account' ? (req) => loginLane(req.body, devices) : addressKey(plan.network ? 64 : undefined),
      ...(plan.key === 'account'
        ? {
            // Only refused credentials count: the owner's own logins never use up their account's limit.
            skip: (req: Request) => accountKey(req.body) === undefined,
            requestWasSuccessful: (_req: Request, res: Response) => res.statusCode !== 401,
            skipSuccessfulRequests: true,
          }
        : {}),
      handler: (req, res) => {
        onRefused?.(name);
        sendProblem(res, problem(429, 'RATE_LIMITED', refusal(plan, req)));
      },
    });
    const limiter = plan.key === 'user' ? givingBackOn401(counted, store) : counted;
    limiters[name] = plan.network ? chained(limiter, networkLimiter(`${name}Network`, plan, plan.network, config, redis, logger, onRefused)) : limiter;
  }
  return limiters;
}

function refusal(plan: LimiterPlan, req: Request): string {
  const { limit, windowMs } = plan.setting;
  const every = `at most ${limit} every ${windowMs / 1000} seconds`;
  if (plan.key !== 'account') return `Too many requests: ${every}. Retry after the Retry-After header.`;
  const key = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit?.key ?? '';
  return key.startsWith('device:')
    ? `Too many failed logins with this device token: ${every}. Retry after the Retry-After header.`
    : `Too many failed logins for this account: ${every}. Retry after the Retry-After header, or log in from a client that has logged in to it before, with its deviceToken.`;
}

/** The coarser budget beside a per-address one: an IPv6 client per /48, an IPv4 address alone. */
function networkLimiter(
  name: string,
  plan: LimiterPlan,
  { limit, windowMs }: Setting,
  config: Config,
  redis: Redis | undefined,
  logger: Logger,
  onRefused: ((limiter: string) => void) | undefined,
): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    identifier: name,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: storeFor(name, plan, config, redis, logger),
    keyGenerator: addressKey(48),
    handler: (_req, res) => {
      onRefused?.(name);
      sendProblem(res, problem(429, 'RATE_LIMITED', `Too many requests from this network: at most ${limit} every ${windowMs / 1000} seconds. Retry after the Retry-After header.`));
    },
  });
}

import type { Actor, DeviceTokens } from '@chat/domain';
import { createRedisStore, PairedStore, RedisSessionBudgetStore, ResilientStore, type OutagePolicy, type RedisClient } from '@chat/redis';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit, type RateLimitInfo, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { problem, sendProblem } from '../http/problem';
import type { RateLimiters } from '../http/rate-limits';
import type { RateLimitName } from '../http/route';
import { liveSessionLimiter, type Budget } from './live-session-limiter';
import { accountKey, loginLane } from './login-lane';

interface Setting {
  readonly limit: number;
  readonly windowMs: number;
}

interface LimiterPlan {
  readonly setting: Setting;
  /**
   * Signed-in routes count per user (after the session check), anonymous ones per client address;
   * `account`: per account a login names (or per device token, see `loginLane`); `session`: per
   * session, for what a stolen token must not be able to spend for its owner (their remedies);
   * `live-user`: per session first, then per user counting only live sessions (a route whose use
   * case checks the session, see `liveSessionLimiter`).
   */
  readonly key: 'user' | 'session' | 'live-user' | 'address' | 'account';
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
  sendMessage: { setting: config.RATE_LIMIT_SEND_MESSAGE, key: 'live-user', outage: 'fail-open' },
  login: { setting: config.RATE_LIMIT_LOGIN, key: 'address', outage: 'fall-back', network: config.RATE_LIMIT_LOGIN_NETWORK },
  loginAccount: { setting: config.RATE_LIMIT_LOGIN_ACCOUNT, key: 'account', outage: 'fall-back' },
  register: { setting: config.RATE_LIMIT_REGISTER, key: 'address', outage: 'fall-back', network: config.RATE_LIMIT_REGISTER_NETWORK },
  changePassword: { setting: config.RATE_LIMIT_CHANGE_PASSWORD, key: 'session', outage: 'fall-back' },
  revokeSessions: { setting: config.RATE_LIMIT_REVOKE_SESSIONS, key: 'session', outage: 'fail-open' },
  writes: { setting: config.RATE_LIMIT_WRITES, key: 'user', outage: 'fail-open' },
  oauthToken: { setting: config.RATE_LIMIT_OAUTH_TOKEN, key: 'address', outage: 'fall-back' },
  invitePreview: { setting: config.RATE_LIMIT_INVITE_PREVIEW, key: 'address', outage: 'fail-open' },
  openConversation: { setting: config.RATE_LIMIT_OPEN_CONVERSATION, key: 'user', outage: 'fail-open' },
  typing: { setting: config.RATE_LIMIT_TYPING, key: 'user', outage: 'fail-open' },
  // Open while Redis is away: the daily byte quota still bounds what one user can upload.
  upload: { setting: config.RATE_LIMIT_UPLOAD, key: 'user', outage: 'fail-open' },
  search: { setting: config.RATE_LIMIT_SEARCH, key: 'user', outage: 'fail-open' },
});

const LIMITED: readonly RateLimitName[] = ['sendMessage', 'login', 'loginAccount', 'register', 'oauthToken', 'changePassword', 'revokeSessions', 'writes', 'invitePreview', 'openConversation', 'upload', 'typing', 'search'];

/** An IPv6 address per /56 (express-rate-limit's default), or per `subnet`; an IPv4 address whole. */
const addressKey =
  (subnet = 56) =>
  (req: Request): string =>
    ipKeyGenerator(req.ip ?? 'unknown', subnet);
const userKey = (req: Request, res: Response): string => (res.locals.actor ? `user:${res.locals.actor.userId}` : addressKey()(req));
const sessionKey = (req: Request, res: Response): string => (res.locals.actor ? `session:${res.locals.actor.sessionId}` : addressKey()(req));

/**
 * Whose send budget a request spends: a person's own; a bot's, its owner's bots' together, `multiple`
 * times a person's (else an owner's bots would multiply it by their number). A bot token from before
 * tokens named the owner counts for its bot alone, for the 15 minutes it lives.
 */
export const sendBudget =
  (limit: number, multiple: number) =>
  (actor: Actor): Budget =>
    actor.botOwnerId !== undefined ? { key: `bots:${actor.botOwnerId}`, limit: limit * multiple } : { key: `user:${actor.userId}`, limit };

/** The shared store wrapped with what an outage means for this limiter; `quiet`: another store of it reports. */
function resilient(name: string, plan: LimiterPlan, shared: Store, logger: Logger, quiet = false): Store {
  const policy: OutagePolicy = plan.outage === 'fail-open' ? { kind: 'fail-open' } : { kind: 'fall-back', store: new MemoryStore() };
  if (quiet) return new ResilientStore(shared, policy, { down: () => undefined, up: () => undefined });
  return new ResilientStore(shared, policy, {
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

const prefixOf = (config: Config, name: string): string => `${config.REDIS_KEY_PREFIX}rl:${name}:`;

function storeFor(name: string, plan: LimiterPlan, config: Config, redis: RedisClient | undefined, logger: Logger): Store {
  return redis ? resilient(name, plan, createRedisStore(redis, prefixOf(config, name)), logger) : new MemoryStore();
}

/** A `live-user` limiter's two stores: sessions counted with the budget read, and the budget. */
function liveStores(name: RateLimitName, plan: LimiterPlan, config: Config, redis: RedisClient | undefined, logger: Logger): { store: Store; budgetStore: Store } {
  if (!redis) {
    const budgetStore = new MemoryStore();
    return { store: new PairedStore(new MemoryStore(), budgetStore), budgetStore };
  }
  const prefix = prefixOf(config, name);
  return {
    store: resilient(name, plan, new RedisSessionBudgetStore(redis, prefix, `${prefix}spent:`), logger),
    budgetStore: resilient(name, plan, createRedisStore(redis, `${prefix}spent:`, { hashTagged: true }), logger, true),
  };
}

/** What every limiter here shares: its window and limit, its name in the (draft 8) headers, its store. */
const counting = (name: string, { limit, windowMs }: Setting, store: Store) =>
  ({ windowMs, limit, identifier: name, standardHeaders: 'draft-8', legacyHeaders: false, store }) as const;

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
export function createRateLimiters(config: Config, redis: RedisClient | undefined, logger: Logger, { devices, onRefused }: RateLimitOptions): RateLimiters {
  const limiters: RateLimiters = {};
  const all = plans(config);
  for (const name of LIMITED) {
    const plan = all[name];
    const { limit, windowMs } = plan.setting;
    /** `allowed`: the limit the request was held to (a bot's send limit is a multiple). */
    const refuse = (req: Request, res: Response, allowed = limit) => {
      onRefused?.(name);
      sendProblem(res, problem(429, 'RATE_LIMITED', refusal(plan, req, allowed)));
    };
    if (plan.key === 'live-user') {
      const budgetOf = sendBudget(limit, config.RATE_LIMIT_BOT_SEND_MULTIPLE);
      limiters[name] = liveSessionLimiter({ name, windowMs, budgetOf, ...liveStores(name, plan, config, redis, logger), refuse: (res, allowed) => refuse(res.req, res, allowed) });
      continue;
    }
    const limiter = rateLimit({
      ...counting(name, plan.setting, storeFor(name, plan, config, redis, logger)),
      keyGenerator: keyOf(plan, devices),
      ...(plan.key === 'account'
        ? {
            // Only refused credentials count: the owner's own logins never use up their account's limit.
            skip: (req: Request) => accountKey(req.body) === undefined,
            requestWasSuccessful: (_req: Request, res: Response) => res.statusCode !== 401,
            skipSuccessfulRequests: true,
          }
        : {}),
      handler: (req, res) => refuse(req, res),
    });
    limiters[name] = plan.network ? chained(limiter, networkLimiter(`${name}Network`, plan, plan.network, config, redis, logger, onRefused)) : limiter;
  }
  return limiters;
}

function keyOf(plan: LimiterPlan, devices: Pick<DeviceTokens, 'recognize'>): (req: Request, res: Response) => string | Promise<string> {
  switch (plan.key) {
    case 'user':
    case 'live-user':
      return userKey;
    case 'session':
      return sessionKey;
    case 'account':
      return (req) => loginLane(req.body, devices);
    case 'address':
      return addressKey(plan.network ? 64 : undefined);
  }
}

function refusal(plan: LimiterPlan, req: Request, allowed: number): string {
  const every = `at most ${allowed} every ${plan.setting.windowMs / 1000} seconds`;
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
  redis: RedisClient | undefined,
  logger: Logger,
  onRefused: ((limiter: string) => void) | undefined,
): RequestHandler {
  return rateLimit({
    ...counting(name, { limit, windowMs }, storeFor(name, plan, config, redis, logger)),
    keyGenerator: addressKey(48),
    handler: (_req, res) => {
      onRefused?.(name);
      sendProblem(res, problem(429, 'RATE_LIMITED', `Too many requests from this network: at most ${limit} every ${windowMs / 1000} seconds. Retry after the Retry-After header.`));
    },
  });
}

import { normalizeEmail, type Actor } from '@chat/domain';
import { createRedisStore, PairedStore, RedisSessionBudgetStore, ResilientStore, type OutagePolicy, type Redis } from '@chat/redis';
import type { Request, Response } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { problem, sendProblem } from '../http/problem';
import type { RateLimiters } from '../http/rate-limits';
import type { RateLimitName } from '../http/route';
import { liveSessionLimiter, type Budget } from './live-session-limiter';

interface LimiterPlan {
  readonly setting: { readonly limit: number; readonly windowMs: number };
  /**
   * Signed-in routes count per user (after the session check), anonymous ones per client address;
   * `account`: per account a login names; `session`: per session, for what a stolen token must not
   * be able to spend for its owner (their remedies); `live-user`: per session first, then per user
   * counting only live sessions (a route whose use case checks the session, see `liveSessionLimiter`).
   */
  readonly key: 'user' | 'session' | 'live-user' | 'address' | 'account';
  /** What a Redis outage means: sending messages stays up; credentials keep a per-replica limit. */
  readonly outage: 'fail-open' | 'fall-back';
}

const plans = (config: Config): Record<RateLimitName, LimiterPlan> => ({
  sendMessage: { setting: config.RATE_LIMIT_SEND_MESSAGE, key: 'live-user', outage: 'fail-open' },
  login: { setting: config.RATE_LIMIT_LOGIN, key: 'address', outage: 'fall-back' },
  loginAccount: { setting: config.RATE_LIMIT_LOGIN_ACCOUNT, key: 'account', outage: 'fall-back' },
  register: { setting: config.RATE_LIMIT_REGISTER, key: 'address', outage: 'fall-back' },
  changePassword: { setting: config.RATE_LIMIT_CHANGE_PASSWORD, key: 'session', outage: 'fall-back' },
  revokeSessions: { setting: config.RATE_LIMIT_REVOKE_SESSIONS, key: 'session', outage: 'fail-open' },
  writes: { setting: config.RATE_LIMIT_WRITES, key: 'user', outage: 'fail-open' },
  oauthToken: { setting: config.RATE_LIMIT_OAUTH_TOKEN, key: 'address', outage: 'fall-back' },
});

const LIMITED: readonly RateLimitName[] = ['sendMessage', 'login', 'loginAccount', 'register', 'oauthToken', 'changePassword', 'revokeSessions', 'writes'];

const addressKey = (req: Request): string => ipKeyGenerator(req.ip ?? 'unknown');
const userKey = (req: Request, res: Response): string => (res.locals.actor ? `user:${res.locals.actor.userId}` : addressKey(req));
const sessionKey = (req: Request, res: Response): string => (res.locals.actor ? `session:${res.locals.actor.sessionId}` : addressKey(req));

/**
 * Whose send budget a request spends: a person's own; a bot's, its owner's bots' together, `multiple`
 * times a person's (else an owner's bots would multiply it by their number). A bot token from before
 * tokens named the owner counts for its bot alone, for the 15 minutes it lives.
 */
export const sendBudget =
  (limit: number, multiple: number) =>
  (actor: Actor): Budget =>
    actor.botOwnerId !== undefined ? { key: `bots:${actor.botOwnerId}`, limit: limit * multiple } : { key: `user:${actor.userId}`, limit };

/**
 * The account a login names, as it names it (email or username, ignoring case and surrounding
 * spaces), whichever address it comes from: what stops a botnet spraying one account. Undefined
 * for a body that names none (it is a 400 anyway).
 */
export function accountKey(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { email, username } = body as { email?: unknown; username?: unknown };
  if (typeof email === 'string' && email.trim() !== '') return `email:${normalizeEmail(email)}`;
  if (typeof username === 'string' && username.trim() !== '') return `username:${username.trim().toLowerCase()}`;
  return undefined;
}

/** The shared store wrapped with what an outage means for this limiter; `quiet`: another store of it reports. */
function resilient(name: RateLimitName, plan: LimiterPlan, shared: Store, logger: Logger, quiet = false): Store {
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

const prefixOf = (config: Config, name: RateLimitName): string => `${config.REDIS_KEY_PREFIX}rl:${name}:`;

function storeFor(name: RateLimitName, plan: LimiterPlan, config: Config, redis: Redis | undefined, logger: Logger): Store {
  return redis ? resilient(name, plan, createRedisStore(redis, prefixOf(config, name)), logger) : new MemoryStore();
}

/** A `live-user` limiter's two stores: sessions counted with the budget read, and the budget. */
function liveStores(name: RateLimitName, plan: LimiterPlan, config: Config, redis: Redis | undefined, logger: Logger): { store: Store; budgetStore: Store } {
  if (!redis) {
    const budgetStore = new MemoryStore();
    return { store: new PairedStore(new MemoryStore(), budgetStore), budgetStore };
  }
  const prefix = prefixOf(config, name);
  return {
    store: resilient(name, plan, new RedisSessionBudgetStore(redis, prefix, `${prefix}spent:`), logger),
    budgetStore: resilient(name, plan, createRedisStore(redis, `${prefix}spent:`), logger, true),
  };
}

/** The interface's limits, one limiter and one store per endpoint; shared through Redis when configured. */
/** `onRefused`: told of each 429, with the limiter's name (metrics). */
export function createRateLimiters(config: Config, redis: Redis | undefined, logger: Logger, onRefused?: (limiter: RateLimitName) => void): RateLimiters {
  const limiters: RateLimiters = {};
  const all = plans(config);
  for (const name of LIMITED) {
    const plan = all[name];
    const { limit, windowMs } = plan.setting;
    /** `allowed`: the limit the request was held to (a bot's send limit is a multiple). */
    const refuse = (res: Response, allowed = limit) => {
      onRefused?.(name);
      sendProblem(
        res,
        problem(
          429,
          'RATE_LIMITED',
          plan.key === 'account'
            ? `Too many failed logins for this account: at most ${allowed} every ${windowMs / 1000} seconds. Retry after the Retry-After header.`
            : `Too many requests: at most ${allowed} every ${windowMs / 1000} seconds. Retry after the Retry-After header.`,
        ),
      );
    };
    if (plan.key === 'live-user') {
      const budgetOf = sendBudget(limit, config.RATE_LIMIT_BOT_SEND_MULTIPLE);
      limiters[name] = liveSessionLimiter({ name, windowMs, budgetOf, ...liveStores(name, plan, config, redis, logger), refuse });
      continue;
    }
    const store = storeFor(name, plan, config, redis, logger);
    limiters[name] = rateLimit({
      windowMs,
      limit,
      identifier: name,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      store,
      keyGenerator: plan.key === 'user' ? userKey : plan.key === 'session' ? sessionKey : plan.key === 'account' ? (req) => accountKey(req.body) ?? '' : addressKey,
      ...(plan.key === 'account'
        ? {
            // Only refused credentials count: the owner's own logins never use up their account's limit.
            skip: (req: Request) => accountKey(req.body) === undefined,
            requestWasSuccessful: (_req: Request, res: Response) => res.statusCode !== 401,
            skipSuccessfulRequests: true,
          }
        : {}),
      handler: (_req, res) => refuse(res),
    });
  }
  return limiters;
}

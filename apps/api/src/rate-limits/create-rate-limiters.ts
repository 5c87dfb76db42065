import { foldIdentifier, normalizeEmail } from '@chat/domain';
import { createRedisStore, ResilientStore, type OutagePolicy, type Redis } from '@chat/redis';
import type { Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit, type RateLimitInfo, type Store } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { problem, sendProblem } from '../http/problem';
import type { RateLimiters } from '../http/rate-limits';
import type { RateLimitName } from '../http/route';

interface LimiterPlan {
  readonly setting: { readonly limit: number; readonly windowMs: number };
  /** Authenticated routes count per user, anonymous ones per client address; `account`: per account a login names. */
  readonly key: 'user' | 'address' | 'account';
  /** What a Redis outage means: sending messages stays up; credentials keep a per-replica limit. */
  readonly outage: 'fail-open' | 'fall-back';
}

const plans = (config: Config): Record<RateLimitName, LimiterPlan> => ({
  sendMessage: { setting: config.RATE_LIMIT_SEND_MESSAGE, key: 'user', outage: 'fail-open' },
  login: { setting: config.RATE_LIMIT_LOGIN, key: 'address', outage: 'fall-back' },
  loginAccount: { setting: config.RATE_LIMIT_LOGIN_ACCOUNT, key: 'account', outage: 'fall-back' },
  register: { setting: config.RATE_LIMIT_REGISTER, key: 'address', outage: 'fall-back' },
  changePassword: { setting: config.RATE_LIMIT_CHANGE_PASSWORD, key: 'user', outage: 'fall-back' },
  writes: { setting: config.RATE_LIMIT_WRITES, key: 'user', outage: 'fail-open' },
  oauthToken: { setting: config.RATE_LIMIT_OAUTH_TOKEN, key: 'address', outage: 'fall-back' },
});

const LIMITED: readonly RateLimitName[] = ['sendMessage', 'login', 'loginAccount', 'register', 'oauthToken', 'changePassword', 'writes'];

const addressKey = (req: Request): string => ipKeyGenerator(req.ip ?? 'unknown');
const userKey = (req: Request, res: Response): string => (res.locals.actor ? `user:${res.locals.actor.userId}` : addressKey(req));

/**
 * The account a login names, in the form the login looks it up (`foldIdentifier`: NFKC, case and
 * surrounding spaces ignored), whichever address it comes from: what stops a botnet spraying one
 * account, under however many spellings of its name. Undefined
 * for a body that names none (it is a 400 anyway).
 */
export function accountKey(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { email, username } = body as { email?: unknown; username?: unknown };
  if (typeof email === 'string' && email.trim() !== '') return `email:${normalizeEmail(email)}`;
  if (typeof username === 'string' && username.trim() !== '') return `username:${foldIdentifier(username)}`;
  return undefined;
}

function storeFor(name: RateLimitName, plan: LimiterPlan, config: Config, redis: Redis | undefined, logger: Logger): Store {
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

/** The interface's limits, one limiter and one store per endpoint; shared through Redis when configured. */
/** `onRefused`: told of each 429, with the limiter's name (metrics). */
export function createRateLimiters(config: Config, redis: Redis | undefined, logger: Logger, onRefused?: (limiter: RateLimitName) => void): RateLimiters {
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
      keyGenerator: plan.key === 'user' ? userKey : plan.key === 'account' ? (req) => accountKey(req.body) ?? '' : addressKey,
      ...(plan.key === 'account'
        ? {
            // Only refused credentials count: the owner's own logins never use up their account's limit.
            skip: (req: Request) => accountKey(req.body) === undefined,
            requestWasSuccessful: (_req: Request, res: Response) => res.statusCode !== 401,
            skipSuccessfulRequests: true,
          }
        : {}),
      handler: (_req, res) => {
        onRefused?.(name);
        sendProblem(
          res,
          problem(
            429,
            'RATE_LIMITED',
            plan.key === 'account'
              ? `Too many failed logins for this account: at most ${limit} every ${windowMs / 1000} seconds. Retry after the Retry-After header.`
              : `Too many requests: at most ${limit} every ${windowMs / 1000} seconds. Retry after the Retry-After header.`,
          ),
        );
      },
    });
    limiters[name] = plan.key === 'user' ? givingBackOn401(counted, store) : counted;
  }
  return limiters;
}

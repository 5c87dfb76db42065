import { isCluster, isNoScript, loadScript } from './load-script';
import type { RedisClient } from './redis-client';
import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';

/**
 * Stores for a limit counted in two places: each request against its session, at once, and against
 * a budget (a user's), only once the request is known to come from a live session. `increment` takes
 * both keys as `pairKey` joins them: it counts the session and reads the budget, and answers the
 * tighter of the two, as if this request were the budget's next (so a limiter refuses when either
 * is spent, and its headers show what is left of the smaller). The budget is counted elsewhere, by a
 * plain store under `budgetPrefix`.
 */
export const pairKey = (sessionKey: string, budgetKey: string): string => `${sessionKey} ${budgetKey}`;

function splitPair(key: string): [string, string] {
  const space = key.indexOf(' ');
  if (space < 0) throw new Error(`not a session and budget pair: ${key}`);
  return [key.slice(0, space), key.slice(space + 1)];
}

/** The tighter of the session's count (this request included) and the budget's next. */
function tighter(session: ClientRateLimitInfo, spent: ClientRateLimitInfo | undefined): ClientRateLimitInfo {
  const next = (spent?.totalHits ?? 0) + 1;
  if (next <= session.totalHits || spent?.resetTime === undefined) return session;
  return { totalHits: next, resetTime: spent.resetTime };
}

/** Over two stores of any kind (in memory when there is no RedisClient). */
export class PairedStore implements Store {
  readonly localKeys: boolean;

  constructor(
    private readonly session: Store,
    private readonly budget: Store,
  ) {
    this.localKeys = session.localKeys === true;
  }

  /** The budget's store is set up by whoever counts it. */
  async init(options: Options): Promise<void> {
    await this.session.init?.(options);
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const [sessionKey, budgetKey] = splitPair(key);
    const [session, spent] = await Promise.all([this.session.increment(sessionKey), this.budget.get?.(budgetKey)]);
    return tighter(session, spent);
  }

  async decrement(key: string): Promise<void> {
    await this.session.decrement(splitPair(key)[0]);
  }

  async resetKey(key: string): Promise<void> {
    await this.session.resetKey(splitPair(key)[0]);
  }
}

/** Counts the session (as rate-limit-redis does) and reads the budget, in one script. */
const SCRIPT = `
local ttl = redis.call('PTTL', KEYS[1])
local hits = 1
if ttl <= 0 then
  redis.call('SET', KEYS[1], 1, 'PX', ARGV[1])
  ttl = tonumber(ARGV[1])
else
  hits = redis.call('INCR', KEYS[1])
end
return { hits, ttl, tonumber(redis.call('GET', KEYS[2]) or '0'), redis.call('PTTL', KEYS[2]) }`;

function integers(reply: unknown): number[] {
  if (!Array.isArray(reply) || reply.length !== 4 || !reply.every((value) => typeof value === 'number')) throw new TypeError('unexpected reply from Redis');
  return reply;
}

/**
 * The same in Redis: one round trip a request, whichever replica it reaches. On a cluster both keys
 * carry the budget's hash tag (`<prefix>{<budget>}<session>`, `<budget prefix>{<budget>}`), so the
 * script's two keys share a slot; the budget's own store must tag its keys alike (`hashTagged`).
 */
export class RedisSessionBudgetStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private sha: Promise<string> | undefined;

  constructor(
    private readonly client: RedisClient,
    readonly prefix: string,
    private readonly budgetPrefix: string,
  ) {}

  async init(options: Options): Promise<void> {
    this.windowMs = options.windowMs;
    this.sha = this.load();
    await this.sha;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const keys = this.keysOf(key);
    const run = async () => this.client.evalsha(await (this.sha ??= this.load()), 2, ...keys, this.windowMs);
    let reply: unknown;
    try {
      reply = await run();
    } catch (error) {
      // Redis forgot its scripts (a restart, SCRIPT FLUSH, a replica promoted): load it again, once.
      if (!isNoScript(error)) throw error;
      this.sha = this.load();
      reply = await run();
    }
    const [hits = 0, ttl = 0, spent = 0, spentTtl = 0] = integers(reply);
    const now = Date.now();
    return tighter({ totalHits: hits, resetTime: new Date(now + ttl) }, spentTtl > 0 ? { totalHits: spent, resetTime: new Date(now + spentTtl) } : undefined);
  }

  async decrement(key: string): Promise<void> {
    await this.client.decr(this.keysOf(key)[0]);
  }

  async resetKey(key: string): Promise<void> {
    await this.client.del(this.keysOf(key)[0]);
  }

  /** The session's key and the budget's. */
  private keysOf(key: string): [string, string] {
    const [sessionKey, budgetKey] = splitPair(key);
    if (!isCluster(this.client)) return [`${this.prefix}${sessionKey}`, `${this.budgetPrefix}${budgetKey}`];
    return [`${this.prefix}{${budgetKey}}${sessionKey}`, `${this.budgetPrefix}{${budgetKey}}`];
  }

  private load(): Promise<string> {
    return loadScript(this.client, SCRIPT);
  }
}

import type { Actor } from '@chat/domain';
import type { RequestHandler, Response } from 'express';
import { rateLimit, type ClientRateLimitInfo, type Store } from 'express-rate-limit';

/** Whose budget a request spends, and how much that budget holds. */
export interface Budget {
  readonly key: string;
  readonly limit: number;
}

export interface LiveSessionLimiterOptions {
  readonly name: string;
  readonly windowMs: number;
  readonly budgetOf: (actor: Actor) => Budget;
  /** Counts each session's requests, whatever their outcome. */
  readonly sessionStore: Store;
  /** Counts each budget's requests that a live session made. */
  readonly budgetStore: Store;
  /** Answers a refusal; `Retry-After` and `RateLimit` are already set. */
  readonly refuse: (res: Response) => void;
}

/** The draft-8 `RateLimit` header with `r=` lowered to what the budget has left. */
function lowerRemaining(res: Response, remaining: number): void {
  const header = res.getHeader('RateLimit');
  if (typeof header !== 'string') return;
  const current = Number(/; r=(\d+)/.exec(header)?.[1]);
  if (remaining < current) res.setHeader('RateLimit', header.replace(/; r=\d+/, `; r=${remaining}`));
}

/**
 * A limit for a route whose use case checks the session in its own statement, after the limiter
 * (`claims-checked-in-the-statement`): counting the owner's budget first would let a revoked token
 * spend it. So two counters:
 * - the session's, counted before anything, whatever the outcome: it bounds what any one token
 *   (revoked or not) can make the database do, and it is that session's alone;
 * - the budget's (a user's, or an owner's bots together), read before the request and counted only
 *   once the edge has seen the session live (`res.locals.spendRateLimit`, called by `mountRoute`).
 * The two reads leave in the same turn (one pipelined round trip to Redis); the budget's count is
 * written after, not waited for. Requests in flight at once from several sessions of one user may
 * overshoot the budget by as many; one session never does.
 */
export function liveSessionLimiter({ name, windowMs, budgetOf, sessionStore, budgetStore, refuse }: LiveSessionLimiterOptions): RequestHandler {
  const perSession = rateLimit({
    windowMs,
    limit: (_req, res) => (res.locals.actor ? budgetOf(res.locals.actor).limit : 1),
    identifier: name,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: sessionStore,
    keyGenerator: (_req, res) => `session:${res.locals.actor?.sessionId ?? ''}`,
    handler: (_req, res) => refuse(res),
  });
  // express-rate-limit sets up a store it is given (its window; Redis: its scripts). This one is
  // never mounted: the budget is read and counted below.
  rateLimit({ windowMs, store: budgetStore });

  return (req, res, next) => {
    const actor = res.locals.actor;
    if (!actor) return next();
    const budget = budgetOf(actor);
    const spent: Promise<ClientRateLimitInfo | undefined> = Promise.resolve(budgetStore.get?.(budget.key)).catch(() => undefined);
    void perSession(req, res, (error?: unknown) => {
      if (error) return next(error);
      void spent.then((info) => {
        const used = info?.totalHits ?? 0;
        if (used >= budget.limit) {
          const retryAfter = Math.max(1, Math.ceil(((info?.resetTime?.getTime() ?? Date.now()) - Date.now()) / 1000));
          res.setHeader('Retry-After', String(retryAfter));
          lowerRemaining(res, 0);
          return refuse(res);
        }
        lowerRemaining(res, budget.limit - used - 1);
        let counted = false;
        res.locals.spendRateLimit = () => {
          if (counted) return;
          counted = true;
          void Promise.resolve(budgetStore.increment(budget.key)).catch(() => undefined);
        };
        next();
      });
    });
  };
}

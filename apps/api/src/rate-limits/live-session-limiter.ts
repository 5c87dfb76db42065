import type { Actor } from '@chat/domain';
import { pairKey } from '@chat/redis';
import type { RequestHandler, Response } from 'express';
import { rateLimit, type Store } from 'express-rate-limit';

/** Whose budget a request spends, and how much that budget holds. */
export interface Budget {
  readonly key: string;
  readonly limit: number;
}

export interface LiveSessionLimiterOptions {
  readonly name: string;
  readonly windowMs: number;
  readonly budgetOf: (actor: Actor) => Budget;
  /** Counts each session's requests, whatever their outcome, and reads the budget (`PairedStore`). */
  readonly store: Store;
  /** Counts the budget's requests that a live session made. */
  readonly budgetStore: Store;
  readonly refuse: (res: Response, limit: number) => void;
}

/**
 * A limit for a route whose use case checks the session in its own statement, after the limiter
 * (`claims-checked-in-the-statement`): counting the owner's budget first would let a revoked token
 * spend it. So two counters:
 * - the session's, counted before anything, whatever the outcome: it bounds what any one token
 *   (revoked or not) can make the database do, and it is that session's alone;
 * - the budget's (a user's, or an owner's bots together), read with it (one round trip to Redis)
 *   and counted only once the edge has seen the session live (`res.locals.spendRateLimit`, called
 *   by `mountRoute`), a second write not waited for.
 * A request is refused when either is spent. Requests in flight at once from several sessions of one
 * user may overshoot the budget by as many; one session never does.
 */
export function liveSessionLimiter({ name, windowMs, budgetOf, store, budgetStore, refuse }: LiveSessionLimiterOptions): RequestHandler {
  const counted = rateLimit({
    windowMs,
    limit: (_req, res) => (res.locals.actor ? budgetOf(res.locals.actor).limit : 1),
    identifier: name,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store,
    keyGenerator: (_req, res) => (res.locals.actor ? pairKey(`session:${res.locals.actor.sessionId}`, budgetOf(res.locals.actor).key) : pairKey('none', 'none')),
    handler: (_req, res) => refuse(res, res.locals.actor ? budgetOf(res.locals.actor).limit : 1),
  });
  // express-rate-limit sets up a store it is given (its window; Redis: its scripts). This one is
  // never mounted: the budget is counted below.
  rateLimit({ windowMs, store: budgetStore });

  return (req, res, next) =>
    counted(req, res, (error?: unknown) => {
      const actor = res.locals.actor;
      if (!error && actor) {
        let spent = false;
        res.locals.spendRateLimit = () => {
          if (spent) return;
          spent = true;
          void Promise.resolve(budgetStore.increment(budgetOf(actor).key)).catch(() => undefined);
        };
      }
      next(error);
    });
}

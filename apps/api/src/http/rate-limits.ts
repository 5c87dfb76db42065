import type { RequestHandler } from 'express';
import type { RateLimitName } from './route';

/** Where rate limiting plugs in: one middleware per limited endpoint, supplied by the composition root. */
export type RateLimiters = Partial<Record<RateLimitName, RequestHandler>>;

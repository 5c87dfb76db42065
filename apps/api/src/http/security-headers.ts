import type { RequestHandler } from 'express';

/**
 * Every answer, before anything else runs (404s and errors included): never read as another type
 * than it says (`nosniff`), and never kept by a browser or a shared cache (`no-store`), since API
 * answers carry tokens and private messages. The page's and the docs' static files replace
 * `Cache-Control` with their own (`public, max-age=0`: revalidated each time).
 */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'no-store');
  next();
};

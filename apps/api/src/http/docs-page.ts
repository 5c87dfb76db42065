import express, { type Express } from 'express';
import swaggerUi, { type JsonObject, type SwaggerUiOptions } from 'swagger-ui-express';
import { contentSecurityPolicy, sha256Source } from './content-security-policy';

/** The files the docs page loads, and nothing else of swagger-ui-dist (no source maps, no demo page). */
const ASSETS = ['/swagger-ui.css', '/swagger-ui-bundle.js', '/swagger-ui-standalone-preset.js', '/favicon-32x32.png', '/favicon-16x16.png'];
const INIT = '/swagger-ui-init.js';

/**
 * The docs page's Content-Security-Policy: swagger-ui's scripts from this origin only (its
 * initializer is a file, not inline), its two inline `<style>` blocks and one `style` attribute by
 * hash ('unsafe-hashes' allows those exact attributes, nothing else), images from here or `data:`
 * (its icons), requests to this origin only ("Try it out"), and no framing (clickjacking).
 */
export function docsPolicy(html: string): string {
  const blocks = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, body]) => sha256Source(body ?? ''));
  const attributes = [...html.matchAll(/\sstyle="([^"]*)"/g)].map(([, body]) => sha256Source(body ?? ''));
  return contentSecurityPolicy({ styles: [...blocks, ...(attributes.length > 0 ? ["'unsafe-hashes'", ...attributes] : [])] });
}

/** The readable API reference at `/api/docs/` (swagger-ui), under its own policy. */
export function mountDocs(app: Express, openApi: JsonObject): void {
  // No validator badge (it would send this server's address to validator.swagger.io), and no top bar:
  // its logo is an SVG with an inline <style> the policy would refuse.
  const options: SwaggerUiOptions = { customSiteTitle: 'Chat API', swaggerOptions: { validatorUrl: null, layout: 'BaseLayout' } };
  const html = swaggerUi.generateHTML(openApi, options);
  const policy = docsPolicy(html);
  const docs = express.Router({ strict: true });
  docs.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    // Public files, no one's data: revalidated at each use rather than never stored.
    res.setHeader('Cache-Control', 'no-cache');
    next();
  });
  // The page's URLs are relative (`./swagger-ui.css`): it must be read from the directory.
  docs.get('/', (req, res) => {
    if (!req.originalUrl.split('?')[0]?.endsWith('/')) return res.redirect(301, '/api/docs/');
    res.type('html').send(html);
  });
  // The initializer carries this app's document: serveFiles keeps it per app, not process-wide.
  docs.get([INIT, ...ASSETS], ...swaggerUi.serveFiles(openApi, options));
  app.use('/api/docs', docs);
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import express, { type Express, type RequestHandler, type Response } from 'express';
import { contentSecurityPolicy, sha256Source } from './content-security-policy';

/** Where the chat page's files are: the page (@chat/web), the SDK it imports, and the SDK's one dependency. */
export interface WebAssets {
  readonly indexHtml: string;
  readonly publicDir: string;
  readonly scriptDir: string;
  readonly clientDir: string;
  readonly openApiFetch: string;
}

/** Finds the page's files through the packages' own resolution, as installed (workspace or deployed image). */
export function findWebAssets(): WebAssets {
  const webRoot = dirname(require.resolve('@chat/web/package.json'));
  const clientPackage = require.resolve('@chat/client/package.json');
  // openapi-fetch is the SDK's dependency, not ours: found from where the SDK sits, as the ES module
  // a browser imports (a plain require would give its CommonJS build).
  const fetchPackage = createRequire(clientPackage).resolve('openapi-fetch/package.json');
  const fetchExports = (JSON.parse(readFileSync(fetchPackage, 'utf8')) as { exports: { '.': { import: string } } }).exports['.'];
  return {
    indexHtml: join(webRoot, 'public', 'index.html'),
    publicDir: join(webRoot, 'public'),
    scriptDir: join(webRoot, 'dist'),
    clientDir: join(dirname(clientPackage), 'dist'),
    openApiFetch: join(dirname(fetchPackage), fetchExports.import),
  };
}

/**
 * The page's Content-Security-Policy: its own scripts and styles only, plus the one inline script
 * (the import map) by its hash; requests to this origin only (the REST API and the gateway's
 * WebSocket); no frames, plugins, forms elsewhere or base-URL tricks. Whatever a message holds,
 * the page renders as text, and this stops a script that slipped in anyway from running.
 * Images may also come from any `https:` address: people's avatars are URLs of their choosing
 * (the API takes https only). An image runs no script, and the page sends it no referrer.
 */
function pagePolicy(html: string): string {
  const inline = [...html.matchAll(/<script type="importmap">([\s\S]*?)<\/script>/g)].map(([, body]) => sha256Source(body ?? ''));
  return contentSecurityPolicy({ scripts: inline, images: ['https:'] });
}

/**
 * Source maps are never served: the build makes none (tsconfig.base.json), and one left in a
 * stale dist/ falls through to the 404 like any file we do not have.
 */
const withoutSourceMaps =
  (serve: RequestHandler): RequestHandler =>
  (req, res, next) =>
    /\.map$/i.test(req.path) ? next() : serve(req, res, next);

/** Serves the chat page at `/` and its modules under `/web/`. */
export function mountWeb(app: Express, assets: WebAssets = findWebAssets()): void {
  const html = readFileSync(assets.indexHtml, 'utf8');
  const policy = pagePolicy(html);
  const secure = (res: Response) => {
    res.setHeader('Content-Security-Policy', policy);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Frame-Options', 'DENY');
    // Revalidated at each use (the API's own answers are never stored): URLs do not change between releases.
    res.setHeader('Cache-Control', 'no-cache');
  };
  app.get('/', (_req, res) => {
    secure(res);
    res.type('html').send(html);
  });
  const files = { fallthrough: true, index: false, redirect: false, setHeaders: secure, maxAge: 0 } as const;
  app.get('/web/vendor/openapi-fetch.js', (_req, res) => {
    secure(res);
    // `root`: the installed path may pass through node_modules/.pnpm, which sendFile refuses in a path.
    res.sendFile(basename(assets.openApiFetch), { root: dirname(assets.openApiFetch), headers: { 'Content-Type': 'text/javascript; charset=utf-8' } });
  });
  app.use('/web/client', withoutSourceMaps(express.static(assets.clientDir, files)));
  app.use('/web', withoutSourceMaps(express.static(assets.scriptDir, files)), withoutSourceMaps(express.static(assets.publicDir, files)));
}

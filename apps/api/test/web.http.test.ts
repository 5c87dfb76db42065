import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { findWebAssets, mountWeb } from '../src/http/web';
import { buildTestApp } from './test-app';

const IMPORT_MAP = /<script type="importmap">([\s\S]*?)<\/script>/;

/* The chat page at `/`: served with its modules, under a policy that lets only its own scripts run. */
describe('the chat page', () => {
  let http: () => ReturnType<typeof request>;

  beforeAll(async () => {
    const t = await buildTestApp({}, { web: true });
    http = () => request(t.app);
  });

  it('serves the page at / with a policy that allows its import map by hash and no other inline script', async () => {
    const res = await http().get('/').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const importMap = IMPORT_MAP.exec(res.text)?.[1];
    expect(importMap).toBeDefined();
    const hash = createHash('sha256').update(importMap!).digest('base64');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'self'");
    // Avatars are people's own https URLs: images from any https address, nothing else remote.
    expect(policy).toContain("img-src 'self' data: https:;");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-cache');
    // The import map is the one inline script: the policy would block any other.
    expect(res.text.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toEqual(['<script type="importmap">']);
  });

  it('serves every module the page imports, as JavaScript', async () => {
    const page = (await http().get('/')).text;
    const imports = (JSON.parse(IMPORT_MAP.exec(page)![1]!) as { imports: Record<string, string> }).imports;
    const scripts = [...page.matchAll(/<script type="module" src="([^"]+)"/g)].map(([, src]) => src!);
    expect(scripts).toEqual(['/web/main.js']);
    for (const url of [...Object.values(imports), ...scripts, '/web/dom.js', '/web/words.js', '/web/client/rest.js', '/web/client/gateway/connection.js', '/web/client/generated/events.js']) {
      const res = await http().get(url);
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(res.headers['content-security-policy']).toBeDefined();
    }
    // The SDK's dependency is served as its ES module build, which a browser can import.
    expect((await http().get(imports['openapi-fetch']!)).text).toMatch(/export\s*\{/);
    const styles = await http().get('/web/styles.css').expect(200);
    expect(styles.headers['content-type']).toMatch(/^text\/css/);
  });

  it('answers a file it does not have with the API’s 404 problem, and lists no directory', async () => {
    for (const url of ['/web/nothing.js', '/web/', '/web/client/', '/web/../package.json', '/web/%2e%2e/package.json', '/web/client/%2e%2e/package.json']) {
      const res = await http().get(url);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('serves no source map, even one left in a stale build: 404 as any file it does not have', async () => {
    for (const url of ['/web/main.js.map', '/web/dom.js.map', '/web/client/rest.js.map', '/web/client/index.js.map', '/web/MAIN.JS.MAP']) {
      const res = await http().get(url);
      expect({ url, status: res.status, type: res.headers['content-type'] }).toEqual({ url, status: 404, type: expect.stringMatching(/^application\/problem\+json/) });
    }
    // A built module names no map for the browser to fetch.
    expect((await http().get('/web/main.js')).text).not.toMatch(/sourceMappingURL/);

    // A dist/ built before maps were turned off still holds them: they stay unserved.
    const stale = mkdtempSync(join(tmpdir(), 'chat-stale-dist-'));
    try {
      for (const file of ['main.js', 'main.js.map']) writeFileSync(join(stale, file), '{}');
      const app = express();
      mountWeb(app, { ...findWebAssets(), scriptDir: stale, clientDir: stale });
      expect((await request(app).get('/web/main.js')).status).toBe(200);
      expect((await request(app).get('/web/main.js.map')).status).toBe(404);
      expect((await request(app).get('/web/client/main.js.map')).status).toBe(404);
    } finally {
      rmSync(stale, { recursive: true, force: true });
    }
  });

  it('is off without the option (DISABLE_WEB=1): / is a 404 and the API is unchanged', async () => {
    const off = await buildTestApp();
    const res = await request(off.app).get('/');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    await request(off.app).get('/web/main.js').expect(404);
    await request(off.app).get('/api/openapi.json').expect(200);
  });

  it('finds the SDK’s dependency as its ES module build where it is installed', () => {
    expect(findWebAssets().openApiFetch).toMatch(/openapi-fetch[\\/].*\.mjs$/);
  });
});

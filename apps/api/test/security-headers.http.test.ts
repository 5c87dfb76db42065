import { createHash } from 'node:crypto';
import { buildTestApp, type TestApp } from './test-app';

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { web: true });
  });

  it('answers every API request, success, 404 and error alike, with nosniff and no-store', async () => {
    const user = await t.register('headers');
    const answers = [
      await t.http().get('/health'),
      await t.http().get('/api/openapi.json'),
      await t.http().get('/api/users/@me/sessions').set('Authorization', user.token),
      await t.http().get('/api/users/@me/sessions'),
      await t.http().get('/api/nothing-here'),
      await t.http().post('/api/users/login').set('Content-Type', 'application/json').send('{"not json'),
      await t.http().get('/api/gateway'),
      await t.http().get('/ready'),
    ];
    expect(answers.map((res) => [res.status, res.headers['x-content-type-options'], res.headers['cache-control']])).toEqual([
      [200, 'nosniff', 'no-store'],
      [200, 'nosniff', 'no-store'],
      [200, 'nosniff', 'no-store'],
      [401, 'nosniff', 'no-store'],
      [404, 'nosniff', 'no-store'],
      [400, 'nosniff', 'no-store'],
      [426, 'nosniff', 'no-store'],
      [200, 'nosniff', 'no-store'],
    ]);
  });

  it('lets the page’s static files and the docs keep a revalidated cache: public files, no one’s data', async () => {
    for (const url of ['/', '/web/main.js', '/web/vendor/openapi-fetch.js', '/api/docs/', '/api/docs/swagger-ui-bundle.js']) {
      const res = await t.http().get(url);
      expect({ url, answer: [res.status, res.headers['cache-control'], res.headers['x-content-type-options']] }).toEqual({ url, answer: [200, 'no-cache', 'nosniff'] });
    }
  });

  it('serves /api/docs/ under a policy that forbids framing and allows exactly what the page loads', async () => {
    const res = await t.http().get('/api/docs/');
    expect(res.status).toBe(200);
    const policy = String(res.headers['content-security-policy']);
    const directives = new Map(policy.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    // No inline script (script-src 'self' would block it); every script and stylesheet is from here and served.
    expect(res.text.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();
    const loaded = [...res.text.matchAll(/<script src="([^"]+)"|<link rel="stylesheet"[^>]*href="([^"]+)"|<link rel="icon"[^>]*href="([^"]+)"/g)].map(
      ([, script, style, icon]) => script ?? style ?? icon ?? '',
    );
    expect(loaded.length).toBe(6);
    for (const url of loaded) {
      expect(url).toMatch(/^\.\/[a-z0-9-]+\.(js|css|png)$/);
      const asset = await t.http().get(`/api/docs/${url.slice(2)}`);
      expect({ url, status: asset.status }).toEqual({ url, status: 200 });
    }
    // Each inline style block and style attribute is allowed by its hash, and nothing else inline.
    const styleSrc = directives.get('style-src') ?? [];
    const inline = [...res.text.matchAll(/<style>([\s\S]*?)<\/style>|\sstyle="([^"]*)"/g)].map(([, block, attribute]) => hash(block ?? attribute ?? ''));
    expect(inline.length).toBe(3);
    expect(styleSrc.filter((source) => source.startsWith("'sha256-")).sort()).toEqual([...inline].sort());
  });

  it('sends /api/docs to /api/docs/, where the page’s relative URLs resolve', async () => {
    const res = await t.http().get('/api/docs');
    expect([res.status, res.headers.location]).toEqual([301, '/api/docs/']);
  });

  it('serves none of swagger-ui-dist beyond what the page loads: no source maps, no demo page', async () => {
    for (const url of ['/api/docs/swagger-ui-bundle.js.map', '/api/docs/swagger-ui.css.map', '/api/docs/index.html', '/api/docs/swagger-initializer.js', '/api/docs/package.json']) {
      const res = await t.http().get(url);
      expect({ url, status: res.status, type: res.headers['content-type'] }).toEqual({ url, status: 404, type: expect.stringMatching(/^application\/problem\+json/) });
    }
  });
});

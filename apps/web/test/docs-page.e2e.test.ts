/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { buildTestApp } from '../../api/test/test-app.js';

/*
 * The API reference at /api/docs/ in Debian's Chromium, under the policy the API sends with it:
 * swagger-ui renders every operation and the browser reports no violation of the policy.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const suite = existsSync(CHROMIUM) ? describe : describe.skip;
if (!existsSync(CHROMIUM) && process.env.CI === 'true') {
  describe('the docs page in Chromium', () => {
    it('needs Chromium under CI=true', () => {
      throw new Error(`Chromium not found at ${CHROMIUM}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH`);
    });
  });
}
jest.setTimeout(60_000);

suite('the docs page in Chromium', () => {
  let server: Server;
  let browser: Browser;
  let base = '';

  beforeAll(async () => {
    const t = await buildTestApp();
    server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('renders every operation with no Content-Security-Policy violation', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.exposeFunction('reportViolation', (text: string) => problems.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        (window as unknown as { reportViolation: (text: string) => void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const answer = await page.goto(`${base}/api/docs/`);
    expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.locator('.opblock').first().waitFor({ timeout: 20_000 });
    expect(await page.getByRole('heading', { name: /Chat API/ }).first().isVisible()).toBe(true);
    const operations = await page.locator('.opblock').count();
    const documented = await (await fetch(`${base}/api/openapi.json`)).json() as { paths: Record<string, Record<string, unknown>> };
    expect(operations).toBe(Object.values(documented.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0));
    // Styled by its own stylesheet (blocked styles would leave the operations unstyled).
    expect(await page.locator('.opblock').first().evaluate((element) => getComputedStyle(element).borderRadius)).not.toBe('0px');
    await page.waitForTimeout(500);
    expect(problems).toEqual([]);
  });
});

import { existsSync } from 'node:fs';
import { postgresUp } from '@chat/postgres/testing';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { isVisible } from './browser-assertions.js';

/** Debian's Chromium, or the one `CHROMIUM_PATH` names. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * `describe` for a browser test on a PostgreSQL database of its own: skipped where Chromium or
 * PostgreSQL is missing, except under CI=true, where a failing test says which.
 */
export function withChromiumAndPostgres(name: string): jest.Describe {
  const ready = existsSync(CHROMIUM) && postgresUp();
  if (!ready && process.env.CI === 'true') {
    describe(name, () => {
      it('needs Chromium and PostgreSQL under CI=true', () => {
        throw new Error(`Chromium (${CHROMIUM}) or PostgreSQL is missing`);
      });
    });
  }
  return ready ? describe : describe.skip;
}

/** A page of its own (a new context), logged in on the chat page at `url`, once its first channel's title shows. */
export async function loggedIn(browser: Browser, url: string, username: string, password: string, options: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(url);
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await isVisible(page.getByRole('heading', { name: '# general' }));
  return page;
}

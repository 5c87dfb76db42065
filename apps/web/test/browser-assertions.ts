import type { Locator } from 'playwright-core';

/** Web-first assertions for the browser tests, as Playwright Test has them: each retries until it holds or its time is up. */

/** Retries a jest assertion until it holds (a web-first assertion, as Playwright Test has), or throws its last failure. */
export async function eventually(assertion: () => Promise<void> | void, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export const hasCount = (locator: Locator, count: number, timeoutMs?: number) => eventually(async () => expect(await locator.count()).toBe(count), timeoutMs);
export const isVisible = (locator: Locator, timeoutMs = 10_000) => locator.first().waitFor({ state: 'visible', timeout: timeoutMs });
export const isHidden = (locator: Locator) => locator.first().waitFor({ state: 'hidden', timeout: 10_000 });
export const hasText = (locator: Locator, text: string | RegExp, timeoutMs?: number) =>
  eventually(async () => {
    const actual = (await locator.textContent()) ?? '';
    if (typeof text === 'string') expect(actual).toBe(text);
    else expect(actual).toMatch(text);
  }, timeoutMs);
export const containsText = (locator: Locator, text: string) => eventually(async () => expect((await locator.textContent()) ?? '').toContain(text));
export const hasAttribute = (locator: Locator, name: string, value: string) => eventually(async () => expect(await locator.getAttribute(name)).toBe(value));
export const hasValue = (locator: Locator, value: string) => eventually(async () => expect(await locator.inputValue()).toBe(value));

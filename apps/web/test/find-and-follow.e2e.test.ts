/// <reference lib="dom" />
// (page.evaluate runs its functions in the page: they are typed against the DOM.)
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createRestClient, ok, type RestClient } from '@chat/client';
import { createPostgresDatabase, type TestDatabase } from '@chat/postgres/testing';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startReplica, type Replica } from '../../api/test/replica-process.js';
import { eventually, hasAttribute, hasCount, hasText, isHidden, isVisible } from './browser-assertions.js';
import { CHROMIUM, loggedIn, withChromiumAndPostgres } from './browser-pages.js';

/*
 * Finding and following a conversation on the chat page, in Debian's Chromium, against the built API
 * on a PostgreSQL database of its own (so a test can move a message to another day): search, the jump
 * to a hit and the way back to the present, links beside mentions, and day separators.
 */
const PASSWORD = 'a long enough password';
/** `UPDATE_SCREENSHOTS=1` also writes the screenshot of a jump under docs/screenshots. */
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS ? join(__dirname, '..', '..', '..', 'docs', 'screenshots') : undefined;
const suite = withChromiumAndPostgres('finding and following on the chat page');
jest.setTimeout(60_000);

/** The archive's messages: a hundred and twenty, one of them the decision searched for, far from both ends. */
const ARCHIVE = 120;
const NEEDLE_AT = 30;
const NEEDLE = 'Decision: the club meets on Tuesdays from now on';
const note = (n: number) => (n === NEEDLE_AT ? NEEDLE : `archive note ${n}`);

suite('finding and following on the chat page', () => {
  let database: TestDatabase;
  let replica: Replica;
  let browser: Browser;
  let ada: RestClient;
  let adaId = '';
  let archiveId = '';
  let generalId = '';
  /** The general channel's messages moved to other days, by what they say. */
  const daysAgo = [
    { content: 'Sent three days ago', days: 3 },
    { content: 'Sent yesterday', days: 1 },
    { content: 'Sent today', days: 0 },
  ];

  beforeAll(async () => {
    database = await createPostgresDatabase();
    replica = await startReplica({
      DATABASE_URL: database.url,
      JWT_SECRET: 'find-and-follow-test-secret-0123456789abcdef',
      RATE_LIMIT_SEND_MESSAGE: '1000/1s',
      RATE_LIMIT_REGISTER: '1000/1h',
      RATE_LIMIT_LOGIN: '1000/1m',
      RATE_LIMIT_SEARCH: '1000/1m',
    });
    const grant = await ok(createRestClient({ baseUrl: replica.url }).POST('/api/users/register', { body: { username: 'ada', email: 'ada@example.com', password: PASSWORD } }));
    ada = createRestClient({ baseUrl: replica.url, token: grant.token });
    adaId = grant.user.id;
    const server = await ok(ada.POST('/api/servers', { body: { name: 'Field notes' } }));
    generalId = server.defaultChannelId;
    const archive = await ok(ada.POST('/api/servers/{serverId}/channels', { params: { path: { serverId: server.id } }, body: { name: 'archive' } }));
    archiveId = archive.id;
    for (let n = 1; n <= ARCHIVE; n++) await post(archiveId, note(n));
    for (const { content, days } of daysAgo) {
      const sent = await post(generalId, content);
      // The API stamps a message with its own clock: the test moves it to another day in the database.
      const createdAt = new Date(Date.parse(sent.createdAt) - days * 86_400_000);
      await database.db.updateTable('messages').set({ created_at: createdAt }).where('id', '=', sent.id).execute();
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await replica?.stop();
    await database?.drop();
  });

  const post = (channelId: string, content: string) => ok(ada.POST('/api/channels/{channelId}/messages', { params: { path: { channelId } }, body: { content } }));
  const message = (page: Page, text: string) => page.locator('#messages > li').filter({ hasText: text });

  /** Ada's page, logged in, her server's #general open; in a reader's locale and zone chosen for the dates. */
  async function adasPage(): Promise<Page> {
    const page = await loggedIn(browser, replica.url, 'ada', PASSWORD, { viewport: { width: 1280, height: 800 }, locale: 'en-GB', timezoneId: 'UTC' });
    await isVisible(message(page, 'Sent today'));
    return page;
  }

  it('finds a message by its words, and a click opens its channel around it, marked, with newer pages loaded on the way down to the present', async () => {
    const page = await adasPage();
    await page.getByLabel('Search this server’s messages').fill('tuesdays decision');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const hits = page.locator('#search-hits > li');
    await hasCount(hits, 1);
    await hasText(page.locator('#search-title'), '1 message matches “tuesdays decision”');
    // Who, where, when and what, in words.
    const hit = hits.first();
    expect(await hit.locator('.name').textContent()).toBe('ada');
    expect(await hit.locator('.meta').textContent()).toContain(' in #archive ');
    expect(await hit.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await hit.locator('.snippet').textContent()).toBe(NEEDLE);

    await hit.getByRole('button').click();
    await isVisible(page.getByRole('heading', { name: '# archive' }));
    const target = page.locator('#messages > li.highlighted');
    await hasCount(target, 1);
    expect(await target.locator('.content').textContent()).toBe(NEEDLE);
    expect(await target.getAttribute('aria-current')).toBe('true');
    // In view, and the page around it: its neighbours are loaded, the channel's newest not yet.
    expect(await target.evaluate((node) => {
      const box = node.getBoundingClientRect();
      const history = document.getElementById('history')!.getBoundingClientRect();
      return box.top >= history.top && box.bottom <= history.bottom;
    })).toBe(true);
    await hasCount(message(page, 'archive note 29'), 1);
    await hasCount(message(page, 'archive note 31'), 1);
    await hasCount(message(page, `archive note ${ARCHIVE}`), 0);
    await isVisible(page.getByRole('button', { name: 'Jump to present' }));
    if (SCREENSHOTS) {
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.mouse.move(0, 0);
      await page.screenshot({ path: join(SCREENSHOTS, 'search.png') });
    }

    // A live message does not land after the gap: it comes with the newer pages.
    await post(archiveId, 'Live while Ada reads old notes');
    await page.waitForTimeout(1_000);
    await hasCount(message(page, 'Live while Ada reads old notes'), 0);
    await eventually(async () => {
      await page.locator('#history').evaluate((history) => (history.scrollTop = history.scrollHeight));
      expect(await message(page, 'Live while Ada reads old notes').count()).toBe(1);
    }, 20_000);
    await isHidden(page.getByRole('button', { name: 'Jump to present' }));
    // Every message once, in order, and the live ones join again.
    const texts = await page.locator('#messages > li .content').allTextContents();
    expect(texts.slice(texts.indexOf(NEEDLE))).toEqual([...Array.from({ length: ARCHIVE - NEEDLE_AT + 1 }, (_, i) => note(NEEDLE_AT + i)), 'Live while Ada reads old notes']);
    await post(archiveId, 'Live at the present');
    await hasCount(message(page, 'Live at the present'), 1);
    await page.context().close();
  });

  it('jumps back to the present in one click, reads more hits, and says what a search could not do', async () => {
    const page = await adasPage();
    const search = async (words: string) => {
      await page.getByLabel('Search this server’s messages').fill(words);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
    };
    await search('"archive note 12"');
    await hasCount(page.locator('#search-hits > li'), 1);
    await page.locator('#search-hits button').click();
    await hasCount(page.locator('#messages > li.highlighted'), 1);
    await page.getByRole('button', { name: 'Jump to present' }).click();
    await hasCount(message(page, 'Live at the present'), 1);
    await hasCount(page.locator('#messages > li.highlighted'), 0);
    await isHidden(page.getByRole('button', { name: 'Jump to present' }));

    // 25 hits a page, the newest first; "More results" adds the next.
    await search('archive note');
    await hasCount(page.locator('#search-hits > li'), 25);
    await hasText(page.locator('#search-title'), '25+ messages match “archive note”');
    await page.getByRole('button', { name: 'More results' }).click();
    await hasCount(page.locator('#search-hits > li'), 50);
    expect(await page.locator('#search-hits .snippet').first().textContent()).toBe(`archive note ${ARCHIVE}`);
    expect(await page.locator('#search-hits .snippet').nth(25).textContent()).toBe(`archive note ${ARCHIVE - 25}`);

    await search('nothing-says-this');
    await hasText(page.locator('#search-title'), 'No messages match “nothing-says-this”');
    await hasCount(page.locator('#search-hits > li'), 0);
    // Refusals in words: a query of no words, and a hit deleted since (the channel opens at its present instead).
    await search('!!!');
    await hasText(page.getByRole('alert'), /^Please check: Search: /);
    const doomed = await post(archiveId, 'Soon gone from the archive');
    await search('"soon gone"');
    await hasCount(page.locator('#search-hits > li'), 1);
    await ok(ada.DELETE('/api/channels/{channelId}/messages/{messageId}', { params: { path: { channelId: archiveId, messageId: doomed.id } } }));
    await page.locator('#search-hits button').click();
    await hasText(page.getByRole('alert'), 'Not found: No such message in this channel.');
    await isVisible(page.getByRole('heading', { name: '# archive' }));
    await hasCount(message(page, 'Live at the present'), 1);
    await isHidden(page.getByRole('button', { name: 'Jump to present' }));
    await page.getByRole('button', { name: 'Close search' }).click();
    await isHidden(page.locator('#search-results'));
    await page.context().close();
  });

  it('makes an https link an anchor beside a mention, and leaves javascript: as text', async () => {
    await post(generalId, `Ask <@${adaId}>: https://example.com/notes?week=2 or javascript:alert(document.domain)`);
    const page = await adasPage();
    const sent = message(page, 'Ask ');
    await hasCount(sent.locator('.mention'), 1);
    expect(await sent.locator('.mention').textContent()).toBe('@ada');
    const links = sent.locator('a');
    await hasCount(links, 1);
    await hasAttribute(links, 'href', 'https://example.com/notes?week=2');
    await hasAttribute(links, 'target', '_blank');
    await hasAttribute(links, 'rel', 'noopener noreferrer');
    expect(await sent.locator('.content').textContent()).toBe('Ask @ada: https://example.com/notes?week=2 or javascript:alert(document.domain)');
    await page.context().close();
  });

  it('puts a day separator above the first message of each day: the date, "Yesterday", "Today"', async () => {
    const page = await adasPage();
    const separators = page.locator('#messages .day-separator');
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toLocaleDateString('en-GB', { timeZone: 'UTC', dateStyle: 'full' });
    expect(await separators.allTextContents()).toEqual([threeDaysAgo, 'Yesterday', 'Today']);
    for (const [index, { content }] of daysAgo.entries()) expect(await message(page, content).locator('.day-separator').textContent()).toBe(await separators.nth(index).textContent());
    expect(await separators.first().getAttribute('role')).toBe('separator');
    // A message of the same day as the one before has none.
    await post(generalId, 'Also today');
    await hasCount(message(page, 'Also today'), 1);
    await hasCount(separators, 3);
    await page.context().close();
  });
});

/// <reference lib="dom" />
// (page.evaluate runs its functions in the page: they are typed against the DOM.)
import { createRestClient, ok, type RestClient } from '@chat/client';
import { createPostgresDatabase, type TestDatabase } from '@chat/postgres/testing';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startReplica, type Replica } from '../../api/test/replica-process.js';
import { hasAttribute, hasCount, hasText, isHidden, isVisible } from './browser-assertions.js';
import { CHROMIUM, loggedIn, withChromiumAndPostgres } from './browser-pages.js';

/*
 * Replies and pins on the chat page, in Debian's Chromium, against the built API on a PostgreSQL
 * database of its own: a reply from the bar above the composer shows its quote to the other reader
 * live, a quote jumps to its original (loaded around it when it is far back), and the pins panel
 * follows pins made by someone else as they happen.
 */
const PASSWORD = 'a long enough password';
const suite = withChromiumAndPostgres('replies and pins on the chat page');
jest.setTimeout(60_000);

/** Messages after the original: more than a page (50), so its reply's quote must load the page around it. */
const FILLER = 60;

suite('replies and pins on the chat page', () => {
  let database: TestDatabase;
  let replica: Replica;
  let browser: Browser;
  let ada: RestClient;
  let bob: RestClient;
  let generalId = '';
  let originalId = '';
  let firstFillerId = '';

  beforeAll(async () => {
    database = await createPostgresDatabase();
    replica = await startReplica({
      DATABASE_URL: database.url,
      JWT_SECRET: 'replies-and-pins-test-secret-0123456789abcdef',
      RATE_LIMIT_SEND_MESSAGE: '1000/1s',
      RATE_LIMIT_REGISTER: '1000/1h',
      RATE_LIMIT_LOGIN: '1000/1m',
    });
    const anonymous = createRestClient({ baseUrl: replica.url });
    const adaGrant = await ok(anonymous.POST('/api/users/register', { body: { username: 'ada', email: 'ada@example.com', password: PASSWORD } }));
    const bobGrant = await ok(anonymous.POST('/api/users/register', { body: { username: 'bob', email: 'bob@example.com', password: PASSWORD } }));
    ada = createRestClient({ baseUrl: replica.url, token: adaGrant.token });
    bob = createRestClient({ baseUrl: replica.url, token: bobGrant.token });
    const server = await ok(ada.POST('/api/servers', { body: { name: 'Workshop' } }));
    generalId = server.defaultChannelId;
    const invite = await ok(ada.POST('/api/servers/{serverId}/invites', { params: { path: { serverId: server.id } } }));
    await ok(bob.POST('/api/invites/{code}', { params: { path: { code: invite.code } } }));
    originalId = (await post(ada, 'The original plan: build the shed in spring')).id;
    for (let n = 1; n <= FILLER; n++) {
      const sent = await post(ada, `filler ${n}`);
      if (n === 1) firstFillerId = sent.id;
    }
    await post(ada, 'Latest idea: paint it green');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await replica?.stop();
    await database?.drop();
  });

  const post = (as: RestClient, content: string, replyTo?: string) =>
    ok(as.POST('/api/channels/{channelId}/messages', { params: { path: { channelId: generalId } }, body: replyTo ? { content, replyTo } : { content } }));
  const message = (page: Page, text: string) => page.locator('#messages > li').filter({ has: page.locator('.content', { hasText: text }) });

  /** Someone's page, logged in, #general open with its newest messages. */
  async function pageOf(username: string): Promise<Page> {
    const page = await loggedIn(browser, replica.url, username, PASSWORD, { viewport: { width: 1280, height: 900 } });
    await isVisible(message(page, 'Latest idea'));
    return page;
  }

  it("replies from the bar above the composer: the other reader sees the quote live, mentioned; a quote's click jumps to its original", async () => {
    const [adaPage, bobPage] = [await pageOf('ada'), await pageOf('bob')];
    await message(bobPage, 'Latest idea').getByRole('button', { name: 'Reply', exact: true }).click();
    await hasText(bobPage.locator('#reply-bar-text'), 'Replying to @ada');
    await isVisible(bobPage.getByLabel('Mention them'));
    await bobPage.getByLabel('Message # general').fill('Green is good');
    await bobPage.getByRole('button', { name: 'Send' }).click();
    await isHidden(bobPage.locator('#reply-bar'));

    const reply = message(adaPage, 'Green is good');
    await hasCount(reply, 1);
    const quote = reply.locator('.quote');
    await hasText(quote, '↪adaLatest idea: paint it green');
    // The reply mentions the author it answers (the bar's toggle was on).
    await hasAttribute(reply, 'class', 'message mentioned');

    // Off, the reply does not mention them; Cancel closes the bar and sends a plain message.
    await message(bobPage, 'Latest idea').getByRole('button', { name: 'Reply', exact: true }).click();
    await bobPage.getByLabel('Mention them').uncheck();
    await bobPage.getByLabel('Message # general').fill('Or blue, quietly');
    await bobPage.getByRole('button', { name: 'Send' }).click();
    await hasCount(message(adaPage, 'Or blue, quietly').locator('.quote'), 1);
    await hasAttribute(message(adaPage, 'Or blue, quietly'), 'class', 'message');
    await message(bobPage, 'Latest idea').getByRole('button', { name: 'Reply', exact: true }).click();
    await bobPage.getByRole('button', { name: 'Cancel the reply' }).click();
    await isHidden(bobPage.locator('#reply-bar'));

    // A reply to a message far back (not loaded): its quote opens the page around the original, marked.
    await post(bob, 'About that plan: spring is fine', originalId);
    const farReply = message(adaPage, 'About that plan');
    await hasText(farReply.locator('.quote'), '↪adaThe original plan: build the shed in spring');
    await hasCount(message(adaPage, 'The original plan'), 0);
    await farReply.locator('.quote').click();
    const target = adaPage.locator('#messages > li.highlighted');
    await hasCount(target, 1);
    await hasText(target.locator('.content'), 'The original plan: build the shed in spring');
    await isVisible(adaPage.getByRole('button', { name: 'Jump to present' }));

    // The original deleted: its replies' quotes say so, live.
    await adaPage.getByRole('button', { name: 'Jump to present' }).click();
    await ok(ada.DELETE('/api/channels/{channelId}/messages/{messageId}', { params: { path: { channelId: generalId, messageId: originalId } } }));
    await hasText(message(adaPage, 'About that plan').locator('.quote'), '↪ Original message was deleted');
    await adaPage.context().close();
    await bobPage.context().close();
  });

  it('pins where allowed; the pins panel of another reader lists a pin as it is made, and drops an unpin; a pin jumps to its message', async () => {
    const [adaPage, bobPage] = [await pageOf('ada'), await pageOf('bob')];
    // Bob holds no MANAGE_MESSAGES: no Pin for him. Ada owns the server.
    await hasCount(message(bobPage, 'Latest idea').getByRole('button', { name: 'Pin', exact: true }), 0);
    await bobPage.getByRole('button', { name: 'Pinned messages' }).click();
    await hasText(bobPage.locator('#pins-empty'), 'Nothing is pinned here yet.');

    await message(adaPage, 'Latest idea').getByRole('button', { name: 'Pin', exact: true }).click();
    const pins = bobPage.locator('#pins-list > li');
    await hasCount(pins, 1);
    await hasText(pins.first().locator('.snippet'), 'Latest idea: paint it green');
    await isHidden(bobPage.locator('#pins-empty'));
    await hasText(message(bobPage, 'Latest idea').locator('.pinned-mark'), ' · 📌 Pinned');
    await isVisible(message(adaPage, 'Latest idea').getByRole('button', { name: 'Unpin' }));

    // The most recently pinned first.
    await message(adaPage, 'filler 60').getByRole('button', { name: 'Pin', exact: true }).click();
    await hasCount(pins, 2);
    expect(await bobPage.locator('#pins-list .snippet').allTextContents()).toEqual(['filler 60', 'Latest idea: paint it green']);

    // A pin far back: its click opens the page around it, marked.
    await ok(ada.PUT('/api/channels/{channelId}/pins/{messageId}', { params: { path: { channelId: generalId, messageId: firstFillerId } } }));
    await hasCount(pins, 3);
    await pins.first().getByRole('button').click();
    await hasText(bobPage.locator('#messages > li.highlighted .content'), 'filler 1');

    await message(adaPage, 'Latest idea').getByRole('button', { name: 'Unpin' }).click();
    await hasCount(pins, 2);
    expect(await bobPage.locator('#pins-list .snippet').allTextContents()).toEqual(['filler 1', 'filler 60']);
    await bobPage.getByRole('button', { name: 'Close pins' }).click();
    await isHidden(bobPage.locator('#pins-panel'));
    await adaPage.context().close();
    await bobPage.context().close();
  });
});

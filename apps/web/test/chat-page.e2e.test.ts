/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// (page.evaluate runs its functions in the page: they are typed against the DOM.)
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRestClient, ok } from '@chat/client';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { startReplica, type Replica } from '../../api/test/replica-process.js';
import { SwitchableProxy } from '../../../packages/client/test/switchable-proxy.js';
import { containsText, eventually, hasAttribute, hasCount, hasText, hasValue, isHidden, isVisible } from './browser-assertions.js';

/*
 * The chat page in Debian's Chromium, driven by playwright-core, against the built API as its own
 * process: two people chat live, one of them through a network that drops and comes back.
 * `UPDATE_SCREENSHOTS=1` also writes the screenshots under docs/screenshots.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = process.env.UPDATE_SCREENSHOTS ? join(__dirname, '..', '..', '..', 'docs', 'screenshots') : undefined;
const PASSWORD = 'a long enough password';

if (!existsSync(CHROMIUM)) {
  const message = `Chromium not found at ${CHROMIUM}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH`;
  if (process.env.CI === 'true') {
    describe('the chat page in Chromium', () => {
      it('needs Chromium under CI=true', () => {
        throw new Error(message);
      });
    });
  } else {
    console.warn(`\n*** SKIPPING the browser tests of the chat page. ${message} ***\n`);
  }
}

const suite = existsSync(CHROMIUM) ? describe : describe.skip;
jest.setTimeout(60_000);

suite('the chat page in Chromium', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-web-'));
  let replica: Replica;
  let proxy: SwitchableProxy;
  let browser: Browser;
  let alice: Page; // straight to the API
  let bob: Page; // through a network the test can cut
  let cara: Page; // a plain member, from the roles tests on
  const run = String(process.pid).slice(-4);
  const names = { alice: `alice${run}`, bob: `bob${run}`, cara: `cara${run}` };
  let inviteCode = '';

  beforeAll(async () => {
    replica = await startReplica({
      DATA_DIR: dataDir,
      RATE_LIMIT_SEND_MESSAGE: '1000/1s',
      RATE_LIMIT_REGISTER: '1000/1h',
      RATE_LIMIT_LOGIN: '1000/1m',
    });
    proxy = new SwitchableProxy(replica.url);
    await proxy.start();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    alice = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    bob = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    for (const page of [alice, bob]) page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await proxy?.cut();
    await replica?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const messages = (page: Page) => page.locator('#messages > li');
  const message = (page: Page, text: string) => messages(page).filter({ hasText: text });
  const alert = (page: Page) => page.getByRole('alert');
  const status = (page: Page) => page.getByRole('status');
  const shoot = async (page: Page, name: string) => {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
  };

  async function signUp(page: Page, url: string, username: string): Promise<void> {
    await page.goto(url);
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
    await page.getByLabel(/^Password \(8/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await isVisible(page.getByText(`Signed in as ${username}`));
  }

  /** An SDK client logged in as this person (a session of its own, beside the page's), and who they are. */
  async function signedIn(username: string) {
    const grant = await ok(createRestClient({ baseUrl: replica.url }).POST('/api/users/login', { body: { username, password: PASSWORD } }));
    return { rest: createRestClient({ baseUrl: replica.url, token: grant.token }), user: grant.user };
  }

  async function send(page: Page, text: string): Promise<void> {
    await page.getByLabel(/^Message # /).fill(text);
    await page.getByLabel(/^Message # /).press('Enter');
  }

  /**
   * `send`, then waits until the sender's own page shows it: a later step may count on it being
   * there. A busy page can draw its composer anew between the typing and the Enter (an event came
   * in), losing the text; then it is typed again (never while it is still in the box, unsent).
   */
  async function sendSurely(page: Page, text: string): Promise<void> {
    const box = page.getByLabel(/^Message # /);
    for (let attempt = 1; ; attempt++) {
      if ((await box.inputValue()) !== text) await box.fill(text);
      await box.press('Enter');
      try {
        return await eventually(async () => expect(await message(page, text).count()).toBe(1), 15_000);
      } catch (error) {
        if (attempt === 3 || (await message(page, text).count()) > 0) throw error;
      }
    }
  }

  it('lets one person create a server and an invite, and another join with it', async () => {
    await alice.goto(replica.url);
    await isVisible(alice.getByRole('heading', { name: 'Log in' }));
    await shoot(alice, 'login');
    await signUp(alice, replica.url, names.alice);
    await alice.getByLabel('New server').fill('Book club');
    await alice.getByRole('button', { name: 'Create server' }).click();
    await isVisible(alice.getByRole('heading', { name: '# general' }));
    await hasText(status(alice), 'Connected');
    await alice.getByRole('button', { name: 'Create invite' }).click();
    await eventually(async () => expect(await alice.getByLabel('Invite code to share').inputValue()).toMatch(/^\S{4,}$/));
    inviteCode = await alice.getByLabel('Invite code to share').inputValue();

    await signUp(bob, proxy.url, names.bob);
    await bob.getByLabel('Invite code', { exact: true }).fill(inviteCode);
    await bob.getByRole('button', { name: 'Join server' }).click();
    await isVisible(bob.getByRole('heading', { name: 'Book club' }));
    await isVisible(bob.getByRole('heading', { name: '# general' }));
    // Bob's arrival reaches Alice's member list live.
    await containsText(alice.locator('#member-list'), names.bob);
    // Invites and channels are the owner's: Bob, a plain member, is not offered either.
    expect(await bob.getByRole('button', { name: 'Create invite' }).isVisible()).toBe(false);
    expect(await alice.getByRole('button', { name: 'Create invite' }).isVisible()).toBe(true);
    expect(await bob.getByRole('button', { name: 'Create channel' }).isVisible()).toBe(false);
    expect(await bob.getByLabel('New channel').isVisible()).toBe(false);
    expect(await alice.getByRole('button', { name: 'Create channel' }).isVisible()).toBe(true);
  }, 60_000);

  it("shows each person the other's message, edit, delete and reaction live", async () => {
    await send(alice, 'Hello from Alice');
    await hasCount(message(bob, 'Hello from Alice'), 1);
    await send(bob, 'Hi from Bob');
    await hasCount(message(alice, 'Hi from Bob'), 1);
    await hasValue(alice.getByLabel(/^Message # /), '');

    await message(alice, 'Hello from Alice').getByRole('button', { name: 'Edit' }).click();
    await alice.getByLabel('Edit message').fill('Hello from Alice, edi');
    // A reaction arriving mid-edit changes the message's row: the draft and the caret stay.
    await message(bob, 'Hello from Alice').getByLabel('Add a reaction').click();
    await message(bob, 'Hello from Alice').getByRole('button', { name: 'React with 🎉' }).click();
    const editing = messages(alice).filter({ has: alice.getByLabel('Edit message') });
    await isVisible(editing.getByRole('button', { name: /^🎉 1/ }));
    await hasValue(alice.getByLabel('Edit message'), 'Hello from Alice, edi');
    expect(await alice.evaluate(() => document.activeElement?.id.startsWith('edit-'))).toBe(true);
    await alice.keyboard.type('ted');
    await alice.getByRole('button', { name: 'Save' }).click();
    await message(bob, 'Hello from Alice').getByRole('button', { name: /^🎉 1/ }).click();
    await hasCount(message(alice, 'Hello from Alice').getByRole('button', { name: /^🎉/ }), 0);
    await containsText(message(bob, 'Hello from Alice, edited'), '(edited)');

    // Bob reacts to Alice's message; both see the count, and only Bob's button is pressed.
    const bobsView = message(bob, 'Hello from Alice, edited');
    await bobsView.getByLabel('Add a reaction').click();
    await bobsView.getByRole('button', { name: 'React with 👍' }).click();
    await hasAttribute(bobsView.getByRole('button', { name: /^👍 1/ }), 'aria-pressed', 'true');
    await hasAttribute(message(alice, 'Hello from Alice, edited').getByRole('button', { name: /^👍 1/ }), 'aria-pressed', 'false');
    // Alice adds hers: 2 for both.
    const alicesView = message(alice, 'Hello from Alice, edited');
    await alicesView.getByLabel('Add a reaction').click();
    await alicesView.getByRole('button', { name: 'React with 👍' }).click();
    await isVisible(bobsView.getByRole('button', { name: /^👍 2/ }));
    // A link, for the screenshot of the page.
    await send(bob, 'Next month’s pick: https://example.com/books/42 (vote by Friday)');
    await hasCount(message(alice, 'Next month’s pick').locator('a'), 1);
    await shoot(alice, 'chat');
    // Bob un-reacts: 1 left, Alice's.
    await bobsView.getByRole('button', { name: /^👍 2/ }).click();
    await hasAttribute(alicesView.getByRole('button', { name: /^👍 1/ }), 'aria-pressed', 'true');

    // Only one's own messages can be edited; deleted too, except by the owner, who moderates.
    await hasCount(message(bob, 'Hello from Alice').getByRole('button', { name: 'Delete' }), 0);
    await hasCount(message(bob, 'Hello from Alice').getByRole('button', { name: 'Edit' }), 0);
    expect(await message(alice, 'Hi from Bob').getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await message(alice, 'Hi from Bob').getByRole('button', { name: 'Delete' }).count()).toBe(1);
    alice.once('dialog', (dialog) => void dialog.accept());
    await send(alice, 'A message to take back');
    await hasCount(message(bob, 'A message to take back'), 1);
    await message(alice, 'A message to take back').getByRole('button', { name: 'Delete' }).click();
    await hasCount(message(alice, 'A message to take back'), 0);
    await hasCount(message(bob, 'A message to take back'), 0);
  }, 60_000);

  it('completes @names in the composer by keyboard, and shows a mention by name, the message that asks for the viewer marked', async () => {
    const box = bob.getByLabel(/^Message # /);
    const options = bob.getByRole('listbox', { name: 'People to mention' });
    // Names come from the member list: read when the server opened.
    await containsText(bob.locator('#member-list'), names.alice);
    // Escape closes the list and leaves the text.
    await box.fill('@');
    await isVisible(options.getByRole('option', { name: names.alice }));
    await box.press('Escape');
    await isHidden(options);
    await hasValue(box, '@');
    // Arrows move through the matches (Alice, Bob: by name), Enter writes the chosen one's mention.
    await box.fill(`Over to you @${names.alice.slice(0, 3)}`);
    await hasAttribute(options.getByRole('option', { name: names.alice }), 'aria-selected', 'true');
    await box.fill('Over to you @');
    await box.press('ArrowDown');
    await hasAttribute(options.getByRole('option', { name: names.bob }), 'aria-selected', 'true');
    await box.press('ArrowUp');
    await hasAttribute(options.getByRole('option', { name: names.alice }), 'aria-selected', 'true');
    await box.press('Enter');
    await isHidden(options);
    await eventually(async () => expect(await box.inputValue()).toMatch(/^Over to you <@\d+> $/));
    await box.press('End');
    await box.pressSequentially('what do you think?');
    await box.press('Enter');
    const asked = message(alice, `Over to you @${names.alice} what do you think?`);
    await hasCount(asked, 1);
    await hasText(asked.locator('.mention'), `@${names.alice}`);
    await containsText(asked, '(mentions you)');
    await hasAttribute(asked, 'class', 'message mentioned');
    // The sender's own copy names Alice too, and is not marked.
    await hasCount(message(bob, `Over to you @${names.alice}`).locator('.mention'), 1);
    expect(await message(bob, `Over to you @${names.alice}`).getAttribute('class')).toBe('message own');
  });

  it('marks a channel with something unread by a dot, its mentions by a count, shows "New messages" where Bob left off, and marks it read once seen', async () => {
    const { asAlice, serverId } = await bookClub();
    const { rest: asBob, user: bobUser } = await signedIn(names.bob);
    const news = await ok(asAlice.POST('/api/servers/{serverId}/channels', { params: { path: { serverId } }, body: { name: 'news' } }));
    const post = (content: string) => ok(asAlice.POST('/api/channels/{channelId}/messages', { params: { path: { channelId: news.id } }, body: { content } }));
    const newsButton = bob.getByRole('button', { name: '# news', exact: true });
    await isVisible(newsButton);
    await post('News one');
    await post(`News two, for <@${bobUser.id}>`);
    // One mention: counted on the channel and its server, in words for screen readers.
    await hasText(newsButton.locator('.badge'), '1');
    await hasText(bob.locator(`#unread-${news.id}`), '1 unread mention');
    await hasText(bob.getByRole('button', { name: 'Book club' }).locator('.badge'), '1');
    await newsButton.click();
    await hasCount(message(bob, 'News one').locator('.new-messages'), 1);
    await hasCount(bob.locator('#messages .new-messages'), 1);
    await hasCount(newsButton.locator('.badge'), 0);
    await hasCount(bob.getByRole('button', { name: 'Book club' }).locator('.badge'), 0);
    await shoot(bob, 'unread');
    // Seen: marked read on the API, once.
    await eventually(async () => expect((await ok(asBob.GET('/api/users/@me/read-states'))).map(({ channelId }) => channelId)).not.toContain(news.id), 15_000);
    await bob.getByRole('button', { name: '# general' }).click();
    await isVisible(bob.getByRole('heading', { name: '# general' }));
    await hasCount(newsButton.locator('.unread-dot, .badge'), 0);
    // Something new, no mention: a dot; the line is where Bob left off this time.
    await post('News three');
    await hasCount(newsButton.locator('.unread-dot'), 1);
    await hasAttribute(newsButton, 'class', 'unread');
    await newsButton.click();
    await hasCount(message(bob, 'News three').locator('.new-messages'), 1);
    await hasCount(bob.locator('#messages .new-messages'), 1);
    await bob.getByRole('button', { name: '# general' }).click();
    await isVisible(bob.getByRole('heading', { name: '# general' }));
  });

  it('shows who is typing until their message comes, and who is online, with a status each person picks', async () => {
    const bobsRow = alice.locator('#member-list > li').filter({ hasText: names.bob });
    await isVisible(bobsRow.getByRole('img', { name: 'Online' }));
    await isVisible(alice.locator('#member-list > li').filter({ hasText: names.alice }).getByRole('img', { name: 'Online' }));
    await bob.getByLabel('Your status').selectOption('dnd');
    await isVisible(bobsRow.getByRole('img', { name: 'Do not disturb' }));
    await bob.getByLabel('Your status').selectOption('invisible');
    await isVisible(bobsRow.getByRole('img', { name: 'Offline' }));
    await bob.getByLabel('Your status').selectOption('online');
    await isVisible(bobsRow.getByRole('img', { name: 'Online' }));

    // Bob typed and sent a moment ago (the API passes one signal every 5 s): he types on until it shows.
    const box = bob.getByLabel(/^Message # /);
    await box.fill('Typing slowly');
    await eventually(async () => {
      await box.press('End');
      await box.pressSequentially('.');
      expect(await alice.locator('#typing').textContent()).toBe(`${names.bob} is typing…`);
    }, 20_000);
    await box.fill('Typing slowly');
    await box.press('Enter');
    await hasCount(message(alice, 'Typing slowly'), 1);
    await hasText(alice.locator('#typing'), '');
  });

  it('shows markup in a message as text, never as markup', async () => {
    const hostile = '<img src=x onerror=window.__xss=1> <b>bold?</b>';
    await send(alice, hostile);
    await hasCount(message(bob, hostile), 1);
    await hasCount(message(alice, hostile), 1);
    for (const page of [alice, bob]) {
      await hasCount(page.locator('#messages img, #messages b'), 0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    }
  });

  it('makes http and https links clickable, opening a new tab that cannot reach back, and leaves javascript: as text', async () => {
    const content = 'Agenda: https://example.com/agenda?week=2. Not javascript:alert(document.domain) though';
    await send(alice, content);
    for (const page of [alice, bob]) {
      const sent = message(page, 'Agenda: ');
      const link = sent.locator('a[href^="https://"]');
      await hasCount(link, 1);
      await hasAttribute(link, 'href', 'https://example.com/agenda?week=2');
      await hasAttribute(link, 'target', '_blank');
      await hasAttribute(link, 'rel', 'noopener noreferrer');
      expect(await link.textContent()).toBe('https://example.com/agenda?week=2');
      expect(await sent.locator('.content').textContent()).toBe(content);
      await hasCount(page.locator('#messages a:not([href^="https://"]):not([href^="http://"])'), 0);
    }
  });

  it('keeps up across a dropped network: the page resumes and shows what it missed, once each, in order', async () => {
    await send(bob, 'Bob, before the drop');
    await hasCount(message(alice, 'Bob, before the drop'), 1);
    await proxy.cut();
    await hasText(status(bob), 'Reconnecting…');
    for (const n of [1, 2, 3]) await send(alice, `Missed while away ${n}`);
    await hasCount(message(alice, 'Missed while away 3'), 1);
    await proxy.start();
    await hasText(status(bob), 'Connected', 30_000);
    await hasCount(message(bob, 'Missed while away 3'), 1, 15_000);
    // In the order Alice sent them, on both pages: her page sends one at a time, so the API numbers them in that order.
    for (const page of [bob, alice]) {
      const texts = await page.locator('#messages > li .content').allTextContents();
      const missed = texts.filter((text) => text.startsWith('Missed while away'));
      expect(missed).toEqual(['Missed while away 1', 'Missed while away 2', 'Missed while away 3']);
    }
    // And the page still sends and receives after it.
    await send(bob, 'Bob, back again');
    await hasCount(message(alice, 'Bob, back again'), 1);
  }, 60_000);

  it('tells the person in words what the API refused: a 403, and a validation problem', async () => {
    // Bob is not offered "Create channel"; a page behind a change the API already made (a transfer
    // on its way) could still show it. Shown by hand here, it meets the API's real refusal.
    await bob.evaluate(() => (document.getElementById('new-channel-form')!.hidden = false));
    await bob.getByLabel('New channel').fill('bobs-corner');
    await bob.getByRole('button', { name: 'Create channel' }).click();
    await containsText(alert(bob), 'Creating a channel is not allowed');
    await containsText(alert(bob), 'MANAGE_CHANNELS');

    await send(bob, '   ');
    await hasText(alert(bob), /Please check: Message: .*whitespace/);
    await hasValue(bob.getByLabel(/^Message # /), '   ');
  });

  it('keeps the controls in step when the owner opens invites to members and hands the server over', async () => {
    const { rest: asAlice, user: aliceUser } = await signedIn(names.alice);
    const { rest: asBob, user: bobUser } = await signedIn(names.bob);
    const [server] = await ok(asAlice.GET('/api/users/@me/servers'));
    const serverId = server!.id;
    await ok(asAlice.PATCH('/api/servers/{serverId}', { params: { path: { serverId } }, body: { membersCanInvite: true } }));
    await isVisible(bob.getByRole('button', { name: 'Create invite' }));
    await isHidden(bob.getByRole('button', { name: 'Create channel' }));

    await ok(asAlice.POST('/api/servers/{serverId}/transfer', { params: { path: { serverId } }, body: { userId: bobUser.id } }));
    await isVisible(bob.getByRole('button', { name: 'Create channel' }));
    await isHidden(alice.getByRole('button', { name: 'Create channel' }));
    await isVisible(bob.getByRole('button', { name: `Remove ${names.alice}` }));
    await hasCount(alice.locator('#member-list .remove'), 0);
    // Deleting others' messages went with the server; editing them never came with it.
    await hasCount(message(bob, 'Hello from Alice, edited').getByRole('button', { name: 'Delete' }), 1);
    await hasCount(message(bob, 'Hello from Alice, edited').getByRole('button', { name: 'Edit' }), 0);
    await hasCount(message(alice, 'Hi from Bob').getByRole('button', { name: 'Delete' }), 0);

    // Back as it was, for the tests after this one.
    await ok(asBob.POST('/api/servers/{serverId}/transfer', { params: { path: { serverId } }, body: { userId: aliceUser.id } }));
    await ok(asAlice.PATCH('/api/servers/{serverId}', { params: { path: { serverId } }, body: { membersCanInvite: false } }));
    await isVisible(alice.getByRole('button', { name: 'Create channel' }));
    await isHidden(bob.getByRole('button', { name: 'Create invite' }));
    await hasCount(message(alice, 'Hi from Bob').getByRole('button', { name: 'Delete' }), 1);
  });

  it('loads older messages a page at a time when scrolled up, and from the button by keyboard', async () => {
    // 120 messages in a new channel, through the SDK as Alice.
    const { rest: asAlice } = await signedIn(names.alice);
    const [server] = await ok(asAlice.GET('/api/users/@me/servers'));
    const channel = await ok(asAlice.POST('/api/servers/{serverId}/channels', { params: { path: { serverId: server!.id } }, body: { name: 'archive' } }));
    for (let i = 0; i < 120; i++) {
      await ok(asAlice.POST('/api/channels/{channelId}/messages', { params: { path: { channelId: channel.id } }, body: { content: `old ${String(i).padStart(3, '0')}` } }));
    }
    // The new channel reached Bob's list live.
    await bob.getByRole('button', { name: '# archive' }).click();
    await isVisible(bob.getByRole('heading', { name: '# archive' }));
    await hasCount(messages(bob), 50);
    await isHidden(bob.getByText('This is the start of the channel.'));

    await bob.locator('#history').evaluate((history) => (history.scrollTop = 0));
    await hasCount(messages(bob), 100);

    await bob.getByRole('button', { name: 'Load older messages' }).focus();
    await bob.keyboard.press('Enter');
    await hasCount(messages(bob), 120);
    await isVisible(bob.getByText('This is the start of the channel.'));
    const texts = await bob.locator('#messages > li .content').allTextContents();
    expect(texts).toEqual(Array.from({ length: 120 }, (_, i) => `old ${String(i).padStart(3, '0')}`));
  }, 60_000);

  it('applies a delete and an edit that arrive while the channel\'s page is still on its way', async () => {
    await bob.getByRole('button', { name: '# general' }).click();
    await isVisible(bob.getByRole('heading', { name: '# general' }));
    await send(alice, 'Soon to go');
    await send(alice, 'Soon to change');
    await hasCount(message(bob, 'Soon to change'), 1);
    // Bob switches away, and back: his page of #general is held up for a moment.
    await bob.getByRole('button', { name: '# archive' }).click();
    await isVisible(bob.getByRole('heading', { name: '# archive' }));
    // The page is read now (before the delete and the edit) and handed to Bob's page later.
    let release: () => void = () => undefined;
    let fetched: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const read = new Promise<void>((resolve) => (fetched = resolve));
    await bob.route('**/api/channels/*/messages?limit=50', async (route) => {
      const response = await route.fetch();
      fetched();
      await held;
      await route.fulfill({ response });
    });
    await bob.getByRole('button', { name: '# general' }).click();
    await read;
    alice.once('dialog', (dialog) => void dialog.accept());
    await message(alice, 'Soon to go').getByRole('button', { name: 'Delete' }).click();
    await message(alice, 'Soon to change').getByRole('button', { name: 'Edit' }).click();
    await alice.getByLabel('Edit message').fill('Changed while Bob loaded');
    await alice.getByRole('button', { name: 'Save' }).click();
    await hasCount(message(alice, 'Changed while Bob loaded'), 1);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the events reach Bob's page before its page does
    release();
    await hasCount(message(bob, 'Changed while Bob loaded'), 1);
    await hasCount(message(bob, 'Soon to go'), 0);
    await bob.unroute('**/api/channels/*/messages?limit=50');
    await bob.getByRole('button', { name: '# archive' }).click();
    await isVisible(bob.getByRole('heading', { name: '# archive' }));
  });

  it('can be used by keyboard, labels every control, and fits a narrow screen', async () => {
    await alice.getByRole('button', { name: '# general' }).click();
    await alice.getByLabel(/^Message # /).focus();
    await alice.keyboard.type('Typed, then Enter');
    await alice.keyboard.press('Enter');
    await hasCount(message(bob, 'Typed, then Enter'), 0); // Bob is in #archive
    await hasCount(message(alice, 'Typed, then Enter'), 1);

    const unnamed = await alice.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('#chat-view input, #chat-view textarea, #chat-view button, #chat-view summary, header button')]
        .filter((el) => el.offsetParent !== null)
        .filter((el) => {
          const labelled = el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement ? (el.labels?.length ?? 0) > 0 : false;
          return !labelled && !el.getAttribute('aria-label') && !(el.textContent ?? '').trim();
        })
        .map((el) => el.outerHTML.slice(0, 80)),
    );
    expect(unnamed).toEqual([]);

    await alice.setViewportSize({ width: 375, height: 740 });
    expect(await alice.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const box = alice.getByLabel(/^Message # /);
    await box.scrollIntoViewIfNeeded();
    await eventually(async () => expect(await box.evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; })).toBe(true));
    await shoot(alice, 'narrow');
    await alice.setViewportSize({ width: 1280, height: 800 });
  });

  const conversationButton = (page: Page, name: string) => page.locator('#conversation-list button').filter({ hasText: name });
  /** Sends in the open channel or conversation, by the message box itself (its label names either). */
  async function say(page: Page, text: string): Promise<void> {
    await page.locator('#composer-input').fill(text);
    await page.locator('#composer-input').press('Enter');
  }

  it('lets a member "Message" another from the member list; the other sees it live in Direct messages, and a block is said in words', async () => {
    await alice.getByRole('button', { name: `Message ${names.bob}` }).click();
    await hasText(alice.locator('#channel-title'), `@ ${names.bob}`);
    await isHidden(alice.locator('#server-panel'));
    await say(alice, 'Just between us, Bob');
    await hasCount(message(alice, 'Just between us, Bob'), 1);
    // Bob is in #archive: the conversation comes into his Direct messages, marked unread.
    const fromAlice = conversationButton(bob, names.alice);
    await hasCount(fromAlice.locator('.unread-dot'), 1);
    await hasCount(message(bob, 'Just between us, Bob'), 0);
    await fromAlice.click();
    await hasText(bob.locator('#channel-title'), `@ ${names.alice}`);
    await hasCount(message(bob, 'Just between us, Bob'), 1);
    await hasCount(fromAlice.locator('.unread-dot'), 0);
    await say(bob, 'Back to you, Alice');
    await hasCount(message(alice, 'Back to you, Alice'), 1);
    // Reactions in it reach the other live; nobody moderates a conversation: no Delete on the other's message.
    await message(bob, 'Just between us, Bob').getByLabel('Add a reaction').click();
    await message(bob, 'Just between us, Bob').getByRole('button', { name: 'React with 🎉' }).click();
    await isVisible(message(alice, 'Just between us, Bob').getByRole('button', { name: /^🎉 1/ }));
    await hasCount(message(alice, 'Back to you, Alice').getByRole('button', { name: 'Delete' }), 0);

    // "Message" again, from the server: the same conversation, not a second one.
    await alice.getByRole('button', { name: 'Book club' }).click();
    await alice.getByRole('button', { name: `Message ${names.bob}` }).click();
    await hasCount(message(alice, 'Back to you, Alice'), 1);
    await hasCount(alice.locator('#conversation-list li'), 1);

    // Bob blocks Alice (through the API): her message is refused, in words, and stays in the box.
    const { rest: asBob } = await signedIn(names.bob);
    const { user: aliceUser } = await signedIn(names.alice);
    await ok(asBob.PUT('/api/users/@me/blocks/{userId}', { params: { path: { userId: aliceUser.id } } }));
    await say(alice, 'Are you there?');
    await hasText(alert(alice), 'Sending is not possible: one of you has blocked the other.');
    await hasValue(alice.locator('#composer-input'), 'Are you there?');
    await ok(asBob.DELETE('/api/users/@me/blocks/{userId}', { params: { path: { userId: aliceUser.id } } }));
    await alice.locator('#composer-input').fill('');

    for (const page of [alice, bob]) {
      await page.getByRole('button', { name: 'Book club' }).click();
      await isVisible(page.getByRole('heading', { name: '# general' }));
    }
  }, 60_000);

  it('asks to log in again after a reload, as documented, and logging in (with the kept device token) brings the servers back', async () => {
    await bob.reload();
    await isVisible(bob.getByRole('heading', { name: 'Log in' }));
    await isHidden(bob.getByText(/Signed in as/));
    // No session token is stored: only the device tokens of the names Bob signed up with, which open no session.
    const stored = await bob.evaluate(() => ({ local: { ...localStorage }, session: { ...sessionStorage } }));
    expect({ keys: Object.keys(stored.local), session: stored.session }).toEqual({ keys: ['chat.deviceTokens'], session: {} });
    const deviceTokens = JSON.parse(stored.local['chat.deviceTokens'] ?? '{}') as Record<string, string>;
    expect(Object.keys(deviceTokens).sort()).toEqual([names.bob, `${names.bob}@example.com`].sort());
    for (const token of Object.values(deviceTokens)) expect(JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()).typ).toBe('device+jwt');
    // Someone else locks Bob's account with failed logins: a client without his device token is refused...
    const logIn = (password: string) =>
      fetch(`${replica.url}/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: names.bob, password }) });
    for (let i = 0; i < 10; i++) expect((await logIn('a wrong password')).status).toBe(401);
    expect((await logIn(PASSWORD)).status).toBe(429);
    // ...but this browser shows the one it kept, and gets in.
    await bob.getByLabel('Username or email').fill(names.bob);
    await bob.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await bob.getByRole('button', { name: 'Log in' }).click();
    await isVisible(bob.getByRole('button', { name: 'Book club' }));
    await isVisible(bob.getByRole('heading', { name: '# general' }));
    await hasCount(message(bob, 'Typed, then Enter'), 1);
  });

  it('dates a message from another day, with the full date and time as its title', async () => {
    // A reader three days on: today's messages are from another day for them.
    const readerNow = new Date(Date.now() + 3 * 86_400_000);
    const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'UTC' });
    await context.clock.setFixedTime(readerNow);
    const later = await context.newPage();
    await later.goto(replica.url);
    await later.getByLabel('Username or email').fill(names.alice);
    await later.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await later.getByRole('button', { name: 'Log in' }).click();
    const time = message(later, 'Hello from Alice, edited').locator('time');
    await isVisible(time);
    const sentAt = new Date((await time.getAttribute('datetime')) ?? '');
    const clock = sentAt.toLocaleTimeString('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' });
    const date =
      sentAt.getUTCFullYear() === readerNow.getUTCFullYear()
        ? sentAt.toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }) // "Wed 25 Nov"
        : sentAt.toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }); // "31 Dec 2026"
    expect(await time.textContent()).toBe(`${date} ${clock}`);
    expect(await time.getAttribute('title')).toContain(String(sentAt.getUTCFullYear()));
    await context.close();
  });

  /** The book club's id and the owner's SDK client. */
  async function bookClub() {
    const { rest: asAlice, user } = await signedIn(names.alice);
    const [server] = await ok(asAlice.GET('/api/users/@me/servers'));
    return { asAlice, alice: user, serverId: server!.id };
  }
  /** A member's user id, as the owner reads it (Bob's own logins are locked by the reload test). */
  async function userIdOf(username: string): Promise<string> {
    const { asAlice, serverId } = await bookClub();
    const members = await ok(asAlice.GET('/api/servers/{serverId}/members', { params: { path: { serverId } } }));
    return members.find(({ user }) => user.username === username)!.userId;
  }
  const memberRow = (page: Page, username: string) => page.locator('#member-list > li').filter({ hasText: username });
  const channelButton = (page: Page, name: string) => page.getByRole('button', { name: `# ${name}`, exact: true });
  /** The overwrites a page sets, in order: the target id of each PUT …/permissions/:targetId. */
  /** The ids of the overwrites the channel `name` of the server has, as the owner reads them. */
  async function overwriteIdsOf(asOwner: ReturnType<typeof createRestClient>, serverId: string, name: string): Promise<string[]> {
    const channels = await ok(asOwner.GET('/api/servers/{serverId}/channels', { params: { path: { serverId } } }));
    return (channels.find((channel) => channel.name === name)?.permissionOverwrites ?? []).map(({ id }) => id).sort();
  }
  /** Once `page` shows a message sent after some change, and a channel list read has had time to land, the change has reached it. */
  async function settled(page: Page, asAlice: Awaited<ReturnType<typeof bookClub>>['asAlice'], channelId: string, text: string) {
    await ok(asAlice.POST('/api/channels/{channelId}/messages', { params: { path: { channelId } }, body: { content: text } }));
    await hasCount(message(page, text), 1);
    await page.waitForTimeout(500);
  }

  it("shows each member's roles in the member list, in the role's color, kept live with the controls a role brings", async () => {
    const { asAlice, serverId } = await bookClub();
    const invite = await ok(asAlice.POST('/api/servers/{serverId}/invites', { params: { path: { serverId } } }));
    cara = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    cara.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await signUp(cara, replica.url, names.cara);
    await cara.getByLabel('Invite code', { exact: true }).fill(invite.code);
    await cara.getByRole('button', { name: 'Join server' }).click();
    await isVisible(cara.getByRole('heading', { name: '# general' }));
    for (const page of [alice, bob]) await containsText(page.locator('#member-list'), names.cara);
    await isHidden(bob.getByRole('button', { name: 'Create channel' }));

    const permissions = ['MANAGE_MESSAGES', 'MANAGE_CHANNELS', 'MANAGE_ROLES', 'KICK_MEMBERS'] as const;
    const mods = await ok(asAlice.POST('/api/servers/{serverId}/roles', { params: { path: { serverId } }, body: { name: 'Mods', color: 0x3498db, permissions: [...permissions] } }));
    await ok(asAlice.PUT('/api/servers/{serverId}/members/{userId}/roles/{roleId}', { params: { path: { serverId, userId: await userIdOf(names.bob), roleId: mods.id } } }));
    for (const page of [alice, bob, cara]) await hasText(memberRow(page, names.bob).locator('.role'), 'Mods');
    expect(await memberRow(alice, names.bob).locator('.role').evaluate((chip) => getComputedStyle(chip).getPropertyValue('--role-color').trim())).toBe('#3498db');
    await hasCount(memberRow(alice, names.cara).locator('.role'), 0);
    // What the role gives Bob shows on his page at once: channels, "Private", Remove for those below him only.
    await isVisible(bob.getByRole('button', { name: 'Create channel' }));
    await isVisible(bob.getByLabel(/^Private/));
    await isVisible(bob.getByRole('button', { name: `Remove ${names.cara}` }));
    await hasCount(bob.getByRole('button', { name: `Remove ${names.alice}` }), 0);
    await hasCount(bob.getByRole('button', { name: `Remove ${names.bob}` }), 0);
    await isHidden(cara.getByRole('button', { name: 'Create channel' }));

    await ok(asAlice.PATCH('/api/servers/{serverId}/roles/{roleId}', { params: { path: { serverId, roleId: mods.id } }, body: { name: 'Moderators' } }));
    for (const page of [alice, cara]) await hasText(memberRow(page, names.bob).locator('.role'), 'Moderators');
  }, 60_000);

  it('lets the owner make a private channel in two clicks, which a plain member neither sees nor is offered to create', async () => {
    const { asAlice, serverId } = await bookClub();
    await alice.getByLabel('New channel').fill('secret');
    await alice.getByLabel(/^Private/).check();
    await alice.getByRole('button', { name: 'Create channel' }).click();
    await isVisible(alice.getByRole('heading', { name: '# secret' }));
    await isVisible(alice.getByLabel('Message # secret'));
    await hasValue(alice.getByLabel('New channel'), '');
    expect(await alice.getByLabel(/^Private/).isChecked()).toBe(false);
    // One call, private from its first moment; the owner sees every channel: @everyone's overwrite is the only one.
    expect(await overwriteIdsOf(asAlice, serverId, 'secret')).toEqual([serverId]);
    await send(alice, 'Only for the owner');
    await hasCount(message(alice, 'Only for the owner'), 1);

    const general = (await ok(asAlice.GET('/api/servers/{serverId}/channels', { params: { path: { serverId } } }))).find(({ name }) => name === 'general')!;
    await settled(cara, asAlice, general.id, 'After the secret was made');
    await hasCount(channelButton(cara, 'secret'), 0);
    await hasCount(channelButton(bob, 'secret'), 0); // a moderator, but no administrator
    await isHidden(cara.getByRole('button', { name: 'Create channel' }));
    expect(await cara.getByLabel('New channel').isVisible()).toBe(false);
    const { rest: asCara } = await signedIn(names.cara);
    expect((await ok(asCara.GET('/api/servers/{serverId}/channels', { params: { path: { serverId } } }))).map(({ name }) => name)).not.toContain('secret');
  });

  it('lets a member with MANAGE_CHANNELS and MANAGE_ROLES make one, seeing it by their own overwrite', async () => {
    const { asAlice, serverId } = await bookClub();
    const bobId = await userIdOf(names.bob);
    await bob.getByLabel('New channel').fill('mods-room');
    await bob.getByLabel(/^Private/).check();
    await bob.getByRole('button', { name: 'Create channel' }).click();
    await isVisible(bob.getByRole('heading', { name: '# mods-room' }));
    expect(await overwriteIdsOf(asAlice, serverId, 'mods-room')).toEqual([bobId, serverId].sort());
    await send(bob, 'Mods only in here');
    await hasCount(message(bob, 'Mods only in here'), 1);
    await isVisible(channelButton(alice, 'mods-room'));
    const general = (await ok(asAlice.GET('/api/servers/{serverId}/channels', { params: { path: { serverId } } }))).find(({ name }) => name === 'general')!;
    await settled(cara, asAlice, general.id, 'After the mods room was made');
    await hasCount(channelButton(cara, 'mods-room'), 0);
  });

  it('makes nothing when the private channel is refused, and says why', async () => {
    const { serverId } = await bookClub();
    const problem = { type: 'about:blank', title: 'Service Unavailable', status: 503, detail: 'The database is not reachable.', code: 'SERVICE_UNAVAILABLE' };
    const channels = `**/api/servers/${serverId}/channels`;
    await bob.route(channels, (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 503, contentType: 'application/problem+json', headers: { 'retry-after': '1' }, body: JSON.stringify(problem) }) : route.fallback(),
    );
    await bob.getByLabel('New channel').fill('half-done');
    await bob.getByLabel(/^Private/).check();
    await bob.getByRole('button', { name: 'Create channel' }).click();
    await hasText(alert(bob), 'The server could not do that right now (503). Please try again shortly.');
    await bob.unroute(channels);
    await hasValue(bob.getByLabel('New channel'), 'half-done');
    await hasCount(channelButton(cara, 'half-done'), 0);
    await hasCount(channelButton(bob, 'half-done'), 0);
  });

  it('offers the composer and Delete by the permissions in the channel, following an overwrite live', async () => {
    const { asAlice, serverId } = await bookClub();
    for (const page of [alice, bob, cara]) {
      await channelButton(page, 'general').click();
      await isVisible(page.getByRole('heading', { name: '# general' }));
    }
    await sendSurely(cara, 'Cara says hi');
    await sendSurely(bob, 'Bob moderates');
    // Bob's role holds MANAGE_MESSAGES: Delete on Cara's message; Cara none on his.
    await hasCount(message(bob, 'Cara says hi').getByRole('button', { name: 'Delete' }), 1);
    await hasCount(message(cara, 'Bob moderates').getByRole('button', { name: 'Delete' }), 0);

    const general = (await ok(asAlice.GET('/api/servers/{serverId}/channels', { params: { path: { serverId } } }))).find(({ name }) => name === 'general')!;
    const path = { channelId: general.id, targetId: serverId };
    await ok(asAlice.PUT('/api/channels/{channelId}/permissions/{targetId}', { params: { path }, body: { type: 'role', allow: [], deny: ['SEND_MESSAGES'] } }));
    for (const page of [bob, cara]) {
      await isHidden(page.getByLabel('Message # general'));
      await hasText(page.locator('#composer-note'), 'You cannot send messages in #general.');
    }
    await isVisible(alice.getByLabel('Message # general'));
    await ok(asAlice.DELETE('/api/channels/{channelId}/permissions/{targetId}', { params: { path } }));
    await isVisible(cara.getByLabel('Message # general'));
    await isHidden(cara.locator('#composer-note'));
  });

  it("takes a deleted role off the member list, and its controls with it", async () => {
    const { asAlice, serverId } = await bookClub();
    const [, moderators] = await ok(asAlice.GET('/api/servers/{serverId}/roles', { params: { path: { serverId } } }));
    await ok(asAlice.DELETE('/api/servers/{serverId}/roles/{roleId}', { params: { path: { serverId, roleId: moderators!.id } } }));
    for (const page of [alice, bob, cara]) await hasCount(memberRow(page, names.bob).locator('.role'), 0);
    await isHidden(bob.getByRole('button', { name: 'Create channel' }));
    await hasCount(bob.locator('#member-list .remove'), 0);
    await hasCount(message(bob, 'Cara says hi').getByRole('button', { name: 'Delete' }), 0);
    // Out of the private room he made: a moderator no more, his own overwrite still lets him in.
    await isVisible(channelButton(bob, 'mods-room'));
  });

  it("folds a blocked user's messages under a label, shows one on a click, and unfolds them when unblocked; nobody else's page changes", async () => {
    const folded = cara.locator('#messages > li.folded');
    await channelButton(cara, 'general').click();
    await isVisible(cara.getByRole('heading', { name: '# general' }));
    await hasCount(message(cara, 'Bob moderates'), 1, 20_000);
    await hasCount(cara.getByRole('button', { name: `Block ${names.cara}` }), 0);

    await cara.getByRole('button', { name: `Block ${names.bob}` }).click();
    await isVisible(cara.getByRole('button', { name: `Unblock ${names.bob}` }));
    await hasCount(message(cara, 'Bob moderates'), 0);
    await eventually(async () => expect(await folded.count()).toBeGreaterThan(0));
    const before = await folded.count();
    expect(await folded.first().textContent()).toContain('Message from a blocked user');

    // A new message of his arrives folded too; Alice's page shows it as ever.
    await sendSurely(bob, 'Bob, after the block');
    await hasCount(message(alice, 'Bob, after the block'), 1);
    await hasCount(folded, before + 1);
    await hasCount(message(cara, 'Bob, after the block'), 0);

    await folded.last().getByRole('button', { name: 'Show the message from a blocked user' }).click();
    const shown = message(cara, 'Bob, after the block');
    await hasCount(shown, 1);
    await hasCount(folded, before);
    await containsText(shown, '(blocked)');
    const colorOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).color);
    expect(await colorOf(shown)).not.toBe(await colorOf(message(cara, 'Cara says hi')));

    // The block is the API's: a session of Cara's own lists him.
    const { rest: asCara } = await signedIn(names.cara);
    expect((await ok(asCara.GET('/api/users/@me/blocks'))).map(({ username }) => username)).toEqual([names.bob]);
    for (const page of [alice, bob]) await hasCount(page.locator('#messages > li.blocked'), 0);

    await cara.getByRole('button', { name: `Unblock ${names.bob}` }).click();
    await isVisible(cara.getByRole('button', { name: `Block ${names.bob}` }));
    await hasCount(cara.locator('#messages > li.blocked'), 0);
    await hasCount(message(cara, 'Bob moderates'), 1);
    await hasCount(message(cara, 'Bob, after the block'), 1);
    expect(await ok(asCara.GET('/api/users/@me/blocks'))).toEqual([]);
  });
  it('makes a named group of co-members, which everyone in it renames; its owner removes and adds people; one leaves', async () => {
    await alice.getByText('New group', { exact: true }).click();
    const picker = alice.locator('#new-group');
    await picker.getByLabel(names.bob, { exact: true }).check();
    // One person is a one-to-one, not a group: the page says so and makes nothing.
    await picker.getByRole('button', { name: 'Create group' }).click();
    await containsText(alert(alice), 'Pick at least 2 people for a group');
    await picker.getByLabel(names.cara, { exact: true }).check();
    await picker.getByLabel(/^Group name/).fill('Readers');
    await picker.getByRole('button', { name: 'Create group' }).click();
    await hasText(alice.locator('#channel-title'), 'Readers');
    await hasText(alice.locator('#conversation-title'), 'Readers');
    await say(alice, 'Welcome, readers');
    for (const page of [bob, cara]) await hasCount(conversationButton(page, 'Readers').locator('.unread-dot'), 1);
    await conversationButton(cara, 'Readers').click();
    await hasCount(message(cara, 'Welcome, readers'), 1);

    // Anyone in it renames it; everyone's list and title follow.
    await cara.getByLabel('Group name', { exact: true }).fill('Night readers');
    await cara.getByRole('button', { name: 'Rename group' }).click();
    await hasText(alice.locator('#channel-title'), 'Night readers');
    await isVisible(conversationButton(bob, 'Night readers'));
    // Only the owner is offered to add and remove people.
    await isHidden(cara.getByLabel('Add someone'));
    await hasCount(cara.locator('#recipient-list .remove'), 0);

    // The owner takes Bob out: it leaves his list at once; then brings him back.
    alice.once('dialog', (dialog) => void dialog.accept());
    await alice.getByRole('button', { name: `Remove ${names.bob} from the group` }).click();
    await hasCount(conversationButton(bob, 'Night readers'), 0);
    await hasCount(alice.locator('#recipient-list li').filter({ hasText: names.bob }), 0);
    await alice.getByLabel('Add someone').selectOption({ label: names.bob });
    await alice.getByRole('button', { name: 'Add to the group' }).click();
    await isVisible(conversationButton(bob, 'Night readers'));
    await containsText(cara.locator('#recipient-list'), names.bob);

    // Cara leaves: out of her list, her page back in the server; the others see her gone.
    cara.once('dialog', (dialog) => void dialog.accept());
    await cara.getByRole('button', { name: 'Leave group' }).click();
    await hasCount(conversationButton(cara, 'Night readers'), 0);
    await isVisible(cara.getByRole('heading', { name: 'Book club' }));
    await hasCount(alice.locator('#recipient-list li').filter({ hasText: names.cara }), 0);
  }, 60_000);

  it("lets a person set a display name and avatar in 'Your account', which the others see live; a refusal is said in words", async () => {
    // The avatar's https host, answered by the test (the policy must let the page load it at all).
    const avatar = 'https://avatars.example/alice.svg';
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="teal"/></svg>';
    for (const page of [alice, bob]) {
      await page.route(avatar, (route) => route.fulfill({ contentType: 'image/svg+xml', body: svg }));
      await page.getByRole('button', { name: 'Book club' }).click();
      await page.getByRole('button', { name: '# general' }).click();
      await isVisible(page.getByRole('heading', { name: '# general' }));
    }
    await send(alice, 'Before my new name');
    const author = message(bob, 'Before my new name').locator('.meta .name');
    await hasText(author, names.alice);

    await alice.getByText('Your account', { exact: true }).click();
    await hasValue(alice.getByLabel(/^Your username/), names.alice);
    await alice.getByLabel(/^Display name/).fill('Alice Liddell');
    await alice.getByLabel(/^Avatar URL/).fill(avatar);
    await alice.getByRole('button', { name: 'Save account' }).click();
    await isVisible(alice.getByText('Signed in as Alice Liddell'));
    await isHidden(alice.getByRole('button', { name: 'Save account' }));

    // Bob sees it live on her messages and her member row, her username as the tooltip, her picture beside.
    await hasText(author, 'Alice Liddell');
    await hasAttribute(author, 'title', `@${names.alice}`);
    const picture = author.locator('img.avatar');
    await hasAttribute(picture, 'src', avatar);
    await hasAttribute(picture, 'alt', '');
    await hasAttribute(picture, 'referrerpolicy', 'no-referrer');
    await eventually(async () => expect(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true));
    await containsText(bob.locator('#member-list'), 'Alice Liddell');
    await isVisible(bob.locator('#member-list img.avatar'));
    await isVisible(bob.getByRole('button', { name: 'Message Alice Liddell' }));

    // A username someone has, and an avatar that is not https: said in words, the form kept as typed.
    await alice.getByText('Your account', { exact: true }).click();
    await alice.getByLabel(/^Your username/).fill(names.bob);
    await alice.getByRole('button', { name: 'Save account' }).click();
    await hasText(alert(alice), 'That username is taken.');
    await hasValue(alice.getByLabel(/^Your username/), names.bob);
    await alice.getByLabel(/^Your username/).fill(names.alice);
    await alice.getByLabel(/^Avatar URL/).fill('http://avatars.example/alice.svg');
    await alice.getByRole('button', { name: 'Save account' }).click();
    await hasText(alert(alice), /^Please check: Avatar URL: /);

    // Both emptied: back to her username, no picture, for the tests after this one.
    await alice.getByLabel(/^Display name/).fill('');
    await alice.getByLabel(/^Avatar URL/).fill('');
    await alice.getByRole('button', { name: 'Save account' }).click();
    await isVisible(alice.getByText(`Signed in as ${names.alice}`));
    await hasText(author, names.alice);
    await hasCount(author.locator('img'), 0);
    await hasCount(bob.locator('#member-list img.avatar'), 0);
  });

  it("lets the owner remove a member, whose page drops the server at once", async () => {
    await alice.getByRole('button', { name: 'Book club' }).click();
    // Only the owner gets Remove buttons; Bob, a member, sees the list without them.
    await containsText(bob.locator('#member-list'), names.alice);
    await hasCount(bob.locator('#member-list .remove'), 0);
    alice.once('dialog', (dialog) => void dialog.accept());
    await alice.getByRole('button', { name: `Remove ${names.bob}` }).click();
    await hasText(status(bob), 'You were removed from Book club');
    await hasCount(bob.getByRole('button', { name: 'Book club' }), 0);
    await eventually(async () => expect((await alice.locator('#member-list').textContent()) ?? '').not.toContain(names.bob));
    // Nor is there one for the owner herself.
    await hasCount(alice.getByRole('button', { name: `Remove ${names.alice}` }), 0);
  });

  describe('with a tight send limit', () => {
    let limited: Replica;
    const limitedDir = mkdtempSync(join(tmpdir(), 'chat-web-429-'));

    beforeAll(async () => {
      limited = await startReplica({ DATA_DIR: limitedDir, RATE_LIMIT_SEND_MESSAGE: '2/60s', RATE_LIMIT_REGISTER: '1000/1h' });
    }, 60_000);

    afterAll(async () => {
      await limited?.stop();
      rmSync(limitedDir, { recursive: true, force: true });
    });

    it('shows a 429 with its wait, and keeps the refused message in the box', async () => {
      const page = await (await browser.newContext()).newPage();
      await signUp(page, limited.url, `carol${run}`);
      await page.getByLabel('New server').fill('Quiet room');
      await page.getByRole('button', { name: 'Create server' }).click();
      await isVisible(page.getByRole('heading', { name: '# general' }));
      for (const text of ['one', 'two']) {
        await send(page, text);
        await hasCount(message(page, text), 1);
      }
      await send(page, 'three');
      await hasText(alert(page), /^Too many requests: please wait\. You can try again in \d+ (seconds?|minutes?)( \d+ seconds?)?\.$/);
      await hasValue(page.getByLabel(/^Message # /), 'three');
      await hasCount(message(page, 'three'), 0);
    }, 60_000);
  });
});

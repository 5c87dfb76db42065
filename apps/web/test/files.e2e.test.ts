/// <reference lib="dom" />
// (page.evaluate runs its functions in the page: they are typed against the DOM.)
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRestClient, ok, type RestClient } from '@chat/client';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startReplica, type Replica } from '../../api/test/replica-process.js';
import { eventually, hasCount, isHidden, isVisible } from './browser-assertions.js';
import { loggedIn } from './browser-pages.js';

/*
 * Files on the chat page, in Debian's Chromium against the built API as its own process: one person
 * attaches an image with the button (its upload's progress shown on a slowed network) and a text
 * file by dropping it, and sends them; the other sees the image drawn from its signed link, in its
 * box, and the file as a download link. A file past the server's limit is refused in words, and
 * where @everyone loses ATTACH_FILES the button goes.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PASSWORD = 'a long enough password';
/** Small, so a file past it is quick to make. */
const MAX_BYTES = 1_000_000;

if (!existsSync(CHROMIUM) && process.env.CI === 'true') {
  describe('files on the chat page', () => {
    it('needs Chromium under CI=true', () => {
      throw new Error(`Chromium not found at ${CHROMIUM}`);
    });
  });
}
const suite = existsSync(CHROMIUM) ? describe : describe.skip;
jest.setTimeout(60_000);

suite('files on the chat page', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chat-web-files-'));
  let replica: Replica;
  let browser: Browser;
  let ada: RestClient;
  let serverId = '';
  let ann: Page; // attaches
  let ben: Page; // sees them

  beforeAll(async () => {
    replica = await startReplica({ DATA_DIR: dataDir, ATTACHMENT_MAX_BYTES: String(MAX_BYTES), RATE_LIMIT_REGISTER: '1000/1h', RATE_LIMIT_LOGIN: '1000/1m' });
    const anonymous = createRestClient({ baseUrl: replica.url });
    const register = (username: string) => ok(anonymous.POST('/api/users/register', { body: { username, email: `${username}@example.com`, password: PASSWORD } }));
    const grant = await register('ann');
    ada = createRestClient({ baseUrl: replica.url, token: grant.token });
    const server = await ok(ada.POST('/api/servers', { body: { name: 'Photos' } }));
    serverId = server.id;
    const invite = await ok(ada.POST('/api/servers/{serverId}/invites', { params: { path: { serverId } }, body: {} }));
    const ben = createRestClient({ baseUrl: replica.url, token: (await register('ben')).token });
    await ok(ben.POST('/api/invites/{code}', { params: { path: { code: invite.code } } }));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await replica?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const message = (page: Page, text: string) => page.locator('#messages > li').filter({ hasText: text });
  const chips = (page: Page) => page.locator('#uploads > li');

  /** A PNG of these pixels, drawn by the page's canvas (noise, so it does not compress to nothing). */
  const png = (page: Page, width: number, height: number) =>
    page.evaluate(
      ([w, h]: [number, number]) => {
        const canvas = document.createElement('canvas');
        canvas.width = w;
        canvas.height = h;
        const context = canvas.getContext('2d')!;
        const pixels = context.createImageData(w, h);
        for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = i % 4 === 3 ? 255 : Math.floor(Math.random() * 256);
        context.putImageData(pixels, 0, 0);
        return canvas.toDataURL('image/png').slice('data:image/png;base64,'.length);
      },
      [width, height] as [number, number],
    ).then((base64) => Buffer.from(base64, 'base64'));

  it('uploads an image chosen with the button, its progress shown, and the other person sees it inline in its box, loaded from its signed link', async () => {
    [ann, ben] = await Promise.all([loggedIn(browser, replica.url, 'ann', PASSWORD), loggedIn(browser, replica.url, 'ben', PASSWORD)]);
    const image = await png(ann, 320, 240);
    expect(image.length).toBeGreaterThan(150_000);
    expect(image.length).toBeLessThan(MAX_BYTES);
    await isVisible(ann.getByRole('button', { name: 'Attach files' }));

    // A slow network (about 100 KB/s up), so the progress is there to see.
    const cdp = await ann.context().newCDPSession(ann);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 100_000 });
    // The button opens the file chooser (its input is hidden).
    const [chooser] = await Promise.all([ann.waitForEvent('filechooser'), ann.getByRole('button', { name: 'Attach files' }).click()]);
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles({ name: 'noise.png', mimeType: 'image/png', buffer: image });
    await hasCount(chips(ann), 1);
    const progress = chips(ann).locator('progress');
    await isVisible(progress);
    await eventually(async () => {
      const value = Number(await progress.getAttribute('value'));
      expect(value).toBeGreaterThan(0);
      expect(value).toBeLessThan(100);
    });
    expect(await progress.getAttribute('aria-label')).toMatch(/^Uploading noise\.png: \d+%$/);
    // Sending before it is up says to wait, and sends nothing.
    await ann.getByRole('button', { name: 'Send' }).click();
    await isVisible(ann.getByRole('alert').filter({ hasText: 'Please wait until your files are uploaded' }));
    await isHidden(progress);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(await chips(ann).getAttribute('class')).toContain('ready');

    await ann.getByLabel(/^Message # /).fill('A picture of noise');
    await ann.getByLabel(/^Message # /).press('Enter');
    await hasCount(chips(ann), 0);
    for (const page of [ann, ben]) {
      const img = message(page, 'A picture of noise').locator('img');
      await isVisible(img);
      // Its box is its own size (smaller than the largest shown), set before it loads.
      expect(await img.getAttribute('width')).toBe('320');
      expect(await img.getAttribute('height')).toBe('240');
      expect(await img.getAttribute('alt')).toBe('noise.png');
      expect(await img.getAttribute('src')).toMatch(/^\/api\/attachments\/\d+\?expires=\d+&signature=/);
      // The signed link loads without a token: the image has its pixels.
      await eventually(async () => expect(await img.evaluate((node: HTMLImageElement) => [node.complete, node.naturalWidth, node.naturalHeight])).toEqual([true, 320, 240]));
      await isVisible(message(page, 'A picture of noise').getByText(/noise\.png, 320×240, \d+ KB/));
    }
  });

  it('scales a large image down to its box, keeping its shape', async () => {
    const image = await png(ann, 800, 200);
    await ann.locator('#attach-input').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: image });
    await isVisible(chips(ann).filter({ hasText: 'wide.png' }).and(ann.locator('.ready')));
    await ann.getByRole('button', { name: 'Send' }).click();
    const img = ben.locator('#messages img[alt="wide.png"]');
    await isVisible(img);
    expect([await img.getAttribute('width'), await img.getAttribute('height')]).toEqual(['400', '100']);
    await eventually(async () => expect(await img.evaluate((node: HTMLImageElement) => [node.naturalWidth, node.offsetWidth, node.offsetHeight])).toEqual([800, 400, 100]));
  });

  it('takes a file dropped on the channel, sends it with no text, and the other person gets a download link with its name and size', async () => {
    // Markup in the name (no slash: the API keeps a name's last path segment only).
    const name = 'notes <img src=x onerror=alert(1)>.txt';
    await ann.evaluate((filename) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['the minutes of the meeting\n'], filename, { type: 'text/plain' }));
      const target = document.getElementById('history')!;
      for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, name);
    await isVisible(chips(ann).filter({ hasText: name }).and(ann.locator('.ready')));
    await ann.getByRole('button', { name: 'Send' }).click();
    await hasCount(chips(ann), 0);
    for (const page of [ann, ben]) {
      // The name is text: nothing of it became markup.
      const link = page.locator('#messages a[download]').filter({ hasText: name });
      await isVisible(link);
      expect(await page.locator('#messages img[src="x"]').count()).toBe(0);
      expect(await link.getAttribute('download')).toBe(name);
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.getAttribute('href')).toMatch(/^\/api\/attachments\/\d+\?expires=\d+&signature=/);
      expect(await link.locator('xpath=..').textContent()).toBe(`${name} (27 bytes)`);
      // No text sent: no empty paragraph either.
      expect(await link.locator('xpath=ancestor::li[1]').locator('.content').count()).toBe(0);
    }
    // The link downloads the file itself.
    const href = await ben.locator('#messages a[download]').first().getAttribute('href');
    expect(await (await fetch(new URL(href!, replica.url))).text()).toBe('the minutes of the meeting\n');
  });

  it('says in words that a file is too large, keeps it out of the message, and its remove button drops it', async () => {
    await ann.locator('#attach-input').setInputFiles({ name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(MAX_BYTES + 1, 7) });
    const chip = chips(ann).filter({ hasText: 'huge.bin' });
    await isVisible(chip.and(ann.locator('.failed')));
    await isVisible(chip.getByText(/too large/));
    await isVisible(ann.getByRole('alert').filter({ hasText: 'Uploading failed: the file is too large for this server.' }));
    await ann.getByLabel(/^Message # /).fill('Without the huge file');
    await ann.getByLabel(/^Message # /).press('Enter');
    await isVisible(message(ben, 'Without the huge file'));
    expect(await message(ben, 'Without the huge file').locator('.attachment').count()).toBe(0);
    await ann.getByRole('button', { name: 'Remove huge.bin' }).click();
    await hasCount(chips(ann), 0);
  });

  it('hides the attach button where the person may not attach files, and refuses a drop there', async () => {
    const everyone = await ok(ada.GET('/api/servers/{serverId}/roles', { params: { path: { serverId } } }));
    const role = everyone.find(({ id }) => id === serverId)!;
    await ok(ada.PATCH('/api/servers/{serverId}/roles/{roleId}', { params: { path: { serverId, roleId: serverId } }, body: { permissions: role.permissions.filter((p) => p !== 'ATTACH_FILES') } }));
    await isHidden(ben.getByRole('button', { name: 'Attach files' }));
    // The owner holds every permission: hers stays.
    await isVisible(ann.getByRole('button', { name: 'Attach files' }));
    await ben.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['x'], 'refused.txt', { type: 'text/plain' }));
      document.getElementById('history')!.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await hasCount(chips(ben), 0);
  });
});

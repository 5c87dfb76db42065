import { aPng, textFile } from '@chat/domain/testing';
import { someBytes } from '@chat/domain/testing/contracts';
import { problemBody, type TestApp, type TestUser } from './test-app';
import { anAppOnDisk, answerOf, binary, upload } from './attachments-testing';

async function uploaded(t: TestApp, user: TestUser, bytes: Uint8Array, filename: string): Promise<{ id: string; url: string }> {
  const res = await upload(t, user, bytes, filename);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) => t.http().get(url).set(headers).buffer(true).parse(binary);

describe('GET /api/attachments/:id (the signed link)', () => {
  it('serves a raster image inline with its own type, without a token, sandboxed and never sniffed', async () => {
    const { t } = await anAppOnDisk();
    const alice = await t.register();
    const png = aPng(16, 9);
    const { url } = await uploaded(t, alice, png, 'dog "best".png');

    const res = await get(t, url);

    expect(res.status).toBe(200);
    expect(Buffer.compare(res.body, Buffer.from(png))).toBe(0);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'content-disposition': 'inline; filename="dog \\"best\\".png"',
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
      'accept-ranges': 'bytes',
    });
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"/>', 'drawing.svg'],
    ['HTML', '<!doctype html><script>alert(document.cookie)</script>', 'page.html'],
    ['a PDF', '%PDF-1.7\n%\u00e2\u00e3\n1 0 obj <<>> endobj\n', 'paper.pdf'],
  ])('saves %s as a file of no type (attachment, application/octet-stream): nothing runs on the API origin', async (_kind, text, filename) => {
    const { t } = await anAppOnDisk();
    const alice = await t.register();
    const { url } = await uploaded(t, alice, textFile(text), filename);

    const res = await get(t, url);

    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename=${filename}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': 'sandbox',
    });
  });

  it('offers a name outside ASCII in both forms a browser reads', async () => {
    const { t } = await anAppOnDisk();
    const alice = await t.register();
    const { url } = await uploaded(t, alice, textFile('x'), 'résumé.txt');

    expect((await get(t, url)).headers['content-disposition']).toBe('attachment; filename="r?sum?.txt"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.txt');
  });

  it('answers one range with 206 and its Content-Range: from the start, to the end, the last bytes', async () => {
    const { t } = await anAppOnDisk();
    const alice = await t.register();
    const bytes = someBytes(100_000);
    const { url } = await uploaded(t, alice, bytes, 'video.bin');
    const ranged = async (range: string) => {
      const res = await get(t, url, { Range: range });
      return { status: res.status, range: res.headers['content-range'], length: res.headers['content-length'], same: Buffer.compare(res.body, Buffer.from(bytes.slice(...slices[range]!))) === 0 };
    };
    const slices: Record<string, [number, number]> = { 'bytes=0-9': [0, 10], 'bytes=99990-': [99_990, 100_000], 'bytes=-5': [99_995, 100_000], 'bytes=50000-50000': [50_000, 50_001], 'bytes=90000-200000': [90_000, 100_000] };

    expect(await ranged('bytes=0-9')).toEqual({ status: 206, range: 'bytes 0-9/100000', length: '10', same: true });
    expect(await ranged('bytes=99990-')).toEqual({ status: 206, range: 'bytes 99990-99999/100000', length: '10', same: true });
    expect(await ranged('bytes=-5')).toEqual({ status: 206, range: 'bytes 99995-99999/100000', length: '5', same: true });
    expect(await ranged('bytes=50000-50000')).toEqual({ status: 206, range: 'bytes 50000-50000/100000', length: '1', same: true });
    expect(await ranged('bytes=90000-200000')).toEqual({ status: 206, range: 'bytes 90000-99999/100000', length: '10000', same: true });
  });

  it('answers a range past the end with 416 and the size; several ranges, or a malformed one, with the whole file', async () => {
    const { t } = await anAppOnDisk();
    const alice = await t.register();
    const { url } = await uploaded(t, alice, someBytes(1_000), 'a.bin');

    const past = await t.http().get(url).set('Range', 'bytes=1000-1001');
    expect(answerOf(past)).toEqual({ status: 416, body: problemBody(416, 'Range Not Satisfiable', 'RANGE_NOT_SATISFIABLE') });
    expect(past.headers['content-range']).toBe('bytes */1000');
    for (const range of ['bytes=0-1,10-11', 'bytes=abc', 'items=0-1']) {
      const whole = await get(t, url, { Range: range });
      expect([whole.status, whole.body.length]).toEqual([200, 1_000]);
    }
  });

  it('answers HEAD with the headers alone', async () => {
    const { t } = await anAppOnDisk();
    const alice = await t.register();
    const { url } = await uploaded(t, alice, someBytes(1_234), 'a.bin');

    const res = await t.http().head(url);

    expect([res.status, res.headers['content-length'], res.headers['content-type']]).toEqual([200, '1234', 'application/octet-stream']);
  });

  it('refuses a wrong, missing or expired signature with 403 that says nothing of the file, the same for one that does not exist', async () => {
    const { t, clock } = await anAppOnDisk();
    const alice = await t.register();
    const { id, url } = await uploaded(t, alice, someBytes(10), 'secret-plans.txt');
    const forged = url.replace(/signature=./, (s) => `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`);
    const refused = { status: 403, body: problemBody(403, 'Forbidden', 'LINK_INVALID') };

    const answers = [forged, `/api/attachments/${id}`, url.replace(`/${id}?`, '/12345?'), url.replace(/expires=\d+/, 'expires=99999999999')];
    for (const link of answers) {
      const res = await t.http().get(link);
      expect(answerOf(res)).toEqual(refused);
      expect(JSON.stringify(res.body)).not.toMatch(/secret-plans|10 bytes/);
    }

    const expiry = Number(new URL(url, 'http://x').searchParams.get('expires')) * 1000;
    clock.advance(expiry - clock.now().getTime() - 1);
    expect((await t.http().get(url)).status).toBe(200);
    clock.advance(1);
    expect(answerOf(await t.http().get(url))).toEqual(refused);
  });

  it('answers 404 to a good link whose attachment is gone since (swept)', async () => {
    const { t, dir } = await anAppOnDisk();
    const alice = await t.register();
    const { id, url } = await uploaded(t, alice, someBytes(10), 'a.bin');
    await t.adapters.files.delete([`attachments/${id}`]);

    expect(answerOf(await t.http().get(url))).toEqual({ status: 404, body: problemBody(404, 'Not Found', 'NOT_FOUND') });
    expect(dir).toBeTruthy();
  });
});

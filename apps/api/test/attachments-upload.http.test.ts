import { connect } from 'node:net';
import { DEFAULT_QUOTAS } from '@chat/domain';
import { aGif, aJpeg, aPng, aWebp, textFile } from '@chat/domain/testing';
import { someBytes } from '@chat/domain/testing/contracts';
import pino from 'pino';
import { limitersFor } from './redis-testing';
import { problemBody } from './test-app';
import { anAppOnDisk, answerOf, end, filesUnder, part, rawUpload, upload } from './attachments-testing';

const bad = (detail?: string) => problemBody(400, 'Bad Request', 'VALIDATION_FAILED', { errors: [{ path: 'file', message: detail ?? expect.any(String) }] });

describe('POST /api/attachments', () => {
  it.each([
    ['PNG', aPng(16, 9), 'image/png', 16, 9],
    ['JPEG', aJpeg(640, 480), 'image/jpeg', 640, 480],
    ['GIF', aGif(30, 20), 'image/gif', 30, 20],
    ['WebP', aWebp(1920, 1080), 'image/webp', 1920, 1080],
  ])('keeps a %s with its sniffed type and size (201), on the disk under its id alone', async (_name, bytes, contentType, width, height) => {
    const { t, kept } = await anAppOnDisk();
    const alice = await t.register();

    const res = await upload(t, alice, bytes, 'holiday photo.img');

    expect(answerOf(res)).toEqual({ status: 201, body: { id: expect.any(String), filename: 'holiday photo.img', contentType, size: bytes.length, width, height, url: expect.stringMatching(/^\/api\/attachments\/\d+\?expires=\d+&signature=[\w-]{43}$/) } });
    expect(kept()).toEqual([`attachments/${res.body.id}`]);
  });

  it('takes the type from the bytes, never from the client: text sent as image/png is application/octet-stream, without a size', async () => {
    const { t } = await anAppOnDisk();
    const alice = await t.register();

    const res = await t.http().post('/api/attachments').set('Authorization', alice.token).attach('file', Buffer.from('<svg onload="alert(1)"/>'), { filename: 'x.png', contentType: 'image/png' });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ filename: 'x.png', contentType: 'application/octet-stream', width: null, height: null });
  });

  it('keeps the file name for display only, sanitised: no path, no control characters, at most 255 bytes', async () => {
    const { t, kept } = await anAppOnDisk();
    const alice = await t.register();

    const res = await rawUpload(t, alice, part('file', 'notes', '../../etc/pa\u0007ss\u202ewd.txt') + end());
    const long = await upload(t, alice, textFile('x'), `${'é'.repeat(200)}.txt`);

    expect(res.body.filename).toBe('passwd.txt');
    expect(Buffer.byteLength(long.body.filename)).toBeLessThanOrEqual(255);
    expect(long.body.filename.endsWith('.txt')).toBe(true);
    expect(kept().sort()).toEqual([`attachments/${res.body.id}`, `attachments/${long.body.id}`].sort());
  });

  it('refuses an empty file with 400, and keeps nothing', async () => {
    const { t, kept } = await anAppOnDisk();
    const alice = await t.register();

    expect(answerOf(await upload(t, alice, new Uint8Array(0), 'empty.txt'))).toEqual({ status: 400, body: bad('must not be empty') });
    expect(kept()).toEqual([]);
    expect(await t.adapters.stores.attachments.bytesUploadedSince(alice.id, new Date(0))).toBe(0);
  });

  it('cuts off a file past ATTACHMENT_MAX_BYTES with 413, reading no further, closing the connection, keeping nothing', async () => {
    const { t, kept } = await anAppOnDisk({ attachmentMaxBytes: 64 * 1024 });
    const alice = await t.register();

    const res = await upload(t, alice, someBytes(3 * 1024 * 1024), 'big.bin');

    expect(answerOf(res)).toEqual({ status: 413, body: problemBody(413, 'Payload Too Large', 'PAYLOAD_TOO_LARGE') });
    expect(res.headers.connection).toBe('close');
    expect(kept()).toEqual([]);
    expect((await upload(t, alice, someBytes(64 * 1024), 'just.bin')).status).toBe(201);
  });

  it('refuses a body declared longer than the limit with 413 before reading it', async () => {
    const { t, kept } = await anAppOnDisk({ attachmentMaxBytes: 1024 });
    const alice = await t.register();

    const res = await rawUpload(t, alice, part('file', 'x'.repeat(40_000), 'a.txt') + end());

    expect(answerOf(res)).toEqual({ status: 413, body: problemBody(413, 'Payload Too Large', 'PAYLOAD_TOO_LARGE') });
    expect(kept()).toEqual([]);
  });

  it.each([
    ['no part named file', part('image', 'bytes', 'a.png') + end(), bad()],
    ['a text field only', part('caption', 'hello') + end(), bad()],
    ['no part at all', end(), bad()],
    ['two files', part('file', 'one', 'a.txt') + part('file', 'two', 'b.txt') + end(), bad()],
    ['a file and a field after it', part('file', 'one', 'a.txt') + part('caption', 'hi') + end(), bad()],
    ['a field before the file', part('caption', 'hi') + part('file', 'one', 'a.txt') + end(), bad()],
    ['a body that stops mid-part', part('file', 'one', 'a.txt').slice(0, -4), problemBody(400, 'Bad Request', 'MALFORMED_MULTIPART')],
    ['a body without its closing boundary', part('file', 'one', 'a.txt'), problemBody(400, 'Bad Request', 'MALFORMED_MULTIPART')],
    ['garbage', 'this is not multipart at all', problemBody(400, 'Bad Request', 'MALFORMED_MULTIPART')],
  ])('refuses %s with 400, and keeps nothing', async (_case, body, expected) => {
    const { t, kept } = await anAppOnDisk();
    const alice = await t.register();

    expect(answerOf(await rawUpload(t, alice, body))).toEqual({ status: 400, body: expected });
    expect(kept()).toEqual([]);
    expect(await t.adapters.stores.attachments.bytesUploadedSince(alice.id, new Date(0))).toBe(0);
  });

  it('refuses multipart without a boundary (400), anything else than multipart (415), and no token (401)', async () => {
    const { t } = await anAppOnDisk();
    const alice = await t.register();

    const noBoundary = await t.http().post('/api/attachments').set('Authorization', alice.token).set('Content-Type', 'multipart/form-data').send('x');
    const json = await t.http().post('/api/attachments').set('Authorization', alice.token).send({ file: 'x' });
    const anonymous = await t.http().post('/api/attachments').attach('file', Buffer.from('x'), 'a.txt');

    expect(answerOf(noBoundary)).toEqual({ status: 400, body: problemBody(400, 'Bad Request', 'MALFORMED_MULTIPART') });
    expect(answerOf(json)).toEqual({ status: 415, body: problemBody(415, 'Unsupported Media Type', 'UNSUPPORTED_MEDIA_TYPE') });
    expect(answerOf(anonymous)).toEqual({ status: 401, body: problemBody(401, 'Unauthorized', 'UNAUTHENTICATED') });
  });

  it('keeps nothing of an upload whose connection drops half-way, and answers no 500', async () => {
    const logger = pino({ level: 'silent' });
    const errors = jest.spyOn(logger, 'error');
    const { t, dir, kept } = await anAppOnDisk({}, { logger });
    const alice = await t.register();
    const server = t.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };

    const socket = connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`POST /api/attachments HTTP/1.1\r\nHost: x\r\nAuthorization: ${alice.token}\r\nContent-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: 1000000\r\n\r\n`);
    socket.write(part('file', 'x'.repeat(200_000), 'partial.bin').slice(0, 150_000));
    // Wait until the upload's temporary file is there, then go away.
    for (let i = 0; i < 100 && filesUnder(`${dir}/.uploading`).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(filesUnder(`${dir}/.uploading`)).toHaveLength(1);
    socket.destroy();
    for (let i = 0; i < 100 && kept().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    server.close();

    expect(kept()).toEqual([]);
    expect(await t.adapters.stores.attachments.bytesUploadedSince(alice.id, new Date(0))).toBe(0);
    expect(errors).not.toHaveBeenCalled();
  });

  it("refuses an upload past the day's QUOTA_UPLOAD_BYTES_PER_DAY with 403, keeping nothing of it; the next day has room", async () => {
    const q = await anAppOnDisk({ quotas: { ...DEFAULT_QUOTAS, uploadBytesPerDay: 1_000 } });
    const alice = await q.t.register();

    expect((await upload(q.t, alice, someBytes(700))).status).toBe(201);
    const refused = await upload(q.t, alice, someBytes(400));
    expect(answerOf(refused)).toEqual({ status: 403, body: problemBody(403, 'Forbidden', 'QUOTA_EXCEEDED') });
    expect(refused.body.detail).toMatch(/uploaded as many bytes/);
    expect(q.kept()).toHaveLength(1);
    expect((await upload(q.t, alice, someBytes(300))).status).toBe(201);

    q.clock.advance(24 * 3600_000 + 1);
    expect((await upload(q.t, alice, someBytes(1_000))).status).toBe(201);
  });

  it('counts uploads against RATE_LIMIT_UPLOAD per user: 429 past it', async () => {
    const { t } = await anAppOnDisk({}, { rateLimiters: limitersFor({ RATE_LIMIT_UPLOAD: '2/60s' }, undefined) });
    const [alice, bob] = [await t.register(), await t.register()];

    expect((await upload(t, alice, someBytes(10))).status).toBe(201);
    expect((await upload(t, alice, someBytes(10))).status).toBe(201);
    expect(answerOf(await upload(t, alice, someBytes(10)))).toEqual({ status: 429, body: problemBody(429, 'Too Many Requests', 'RATE_LIMITED') });
    expect((await upload(t, bob, someBytes(10))).status).toBe(201);
  });
});

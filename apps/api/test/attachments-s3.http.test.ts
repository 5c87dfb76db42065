import { randomBytes } from 'node:crypto';
import { aPng } from '@chat/domain/testing';
import { someBytes } from '@chat/domain/testing/contracts';
import { describeWithS3, keysIn, testBucketStore } from '@chat/s3/testing';
import type { S3FileStore } from '@chat/s3';
import { buildTestApp, type TestApp } from './test-app';
import { answerOf, upload } from './attachments-testing';

describeWithS3('attachments in an S3 bucket', () => {
  const bucket = `chat-api-${randomBytes(4).toString('hex')}`;
  let files: S3FileStore;
  let t: TestApp;
  beforeAll(async () => {
    files = await testBucketStore(bucket);
    t = await buildTestApp({ files, attachmentMaxBytes: 6 * 1024 * 1024 });
  });
  afterAll(() => files.close());

  it('keeps an upload in the bucket under its id, and serves it back by its link, a range too', async () => {
    const alice = await t.register();
    const png = aPng(20, 10);

    const res = await upload(t, alice, png, 'chart.png');
    const whole = await t.http().get(res.body.url).buffer(true);
    const part = await t.http().get(res.body.url).set('Range', 'bytes=1-3').buffer(true);

    expect(res.body).toMatchObject({ contentType: 'image/png', width: 20, height: 10, size: png.length });
    expect(await keysIn(bucket)).toContain(`attachments/${res.body.id}`);
    expect([whole.status, whole.headers['content-type'], Buffer.compare(whole.body, Buffer.from(png))]).toEqual([200, 'image/png', 0]);
    expect([part.status, part.headers['content-range'], [...part.body]]).toEqual([206, `bytes 1-3/${png.length}`, [...png.slice(1, 4)]]);
  });

  it('leaves nothing in the bucket of an upload cut off past the limit after a part went up, nor of an empty one', async () => {
    const alice = await t.register();
    const before = await keysIn(bucket);

    expect(answerOf(await upload(t, alice, someBytes(7 * 1024 * 1024), 'big.bin')).status).toBe(413);
    expect((await upload(t, alice, new Uint8Array(0), 'empty.bin')).status).toBe(400);

    expect(await keysIn(bucket)).toEqual(before);
  });
});

import { chunked, describeFileStoreContract, someBytes } from '@chat/domain/testing/contracts';
import { S3FileStore } from '@chat/s3';
import { describeWithS3, keysIn, TEST_S3, testBucketStore } from './s3-testing';

const BUCKET = 'chat-test';

describeWithS3('on an S3-protocol server', () => {
  let store: S3FileStore | undefined;
  const opened = async () => (store ??= await testBucketStore(BUCKET));
  afterAll(() => store?.close());

  describeFileStoreContract('S3 (s3rver)', opened);

  it('leaves no object under any key of its own when an upload over the limit is refused after several parts', async () => {
    const prefix = `refused-${Date.now()}`;
    const s3 = await opened();

    expect(await s3.put(`${prefix}/big`, chunked(someBytes(11 * 1024 * 1024)), 10 * 1024 * 1024)).toEqual({ kind: 'TooLarge' });

    expect(await keysIn(BUCKET, prefix)).toEqual([]);
  });

  it('answers its bucket in a ping, and fails one of a bucket that is not there', async () => {
    await expect((await opened()).ping()).resolves.toBeUndefined();
    const missing = S3FileStore.create({ ...TEST_S3, bucket: 'no-such-bucket-here' });
    await expect(missing.ping()).rejects.toThrow();
    missing.close();
  });
});

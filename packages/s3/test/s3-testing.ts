import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { S3FileStore } from '@chat/s3';

export const s3Up = (): boolean => process.env.TEST_S3_UP === '1';

/** `describe` when the S3-protocol server answered the global setup, a loud skip otherwise (never in CI). */
export const describeWithS3: jest.Describe = (s3Up() ? describe : describe.skip) as jest.Describe;

/** The test server's URL (s3rver, started by .ci/run) and the key pair it accepts. */
export const TEST_S3 = {
  endpoint: process.env.TEST_S3_URL ?? 'http://127.0.0.1:4568',
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  forcePathStyle: true,
} as const;

/** A raw client of the test server, for looking into a bucket behind the store's back. */
export function testS3Client(): S3Client {
  return new S3Client({ ...TEST_S3, region: 'us-east-1' });
}

/** The bucket `name` on the test server, made if missing, and a store over it. */
export async function testBucketStore(name: string): Promise<S3FileStore> {
  const client = testS3Client();
  try {
    await client.send(new CreateBucketCommand({ Bucket: name }));
  } catch (error) {
    const code = (error as { name?: string }).name;
    if (code !== 'BucketAlreadyOwnedByYou' && code !== 'BucketAlreadyExists') throw error;
  } finally {
    client.destroy();
  }
  return S3FileStore.create({ ...TEST_S3, bucket: name });
}

/** The keys in `bucket` (under `prefix`), as the test server itself lists them. */
export async function keysIn(bucket: string, prefix?: string): Promise<string[]> {
  const client = testS3Client();
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, ...(prefix ? { Prefix: prefix } : {}) }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
  } finally {
    client.destroy();
  }
}

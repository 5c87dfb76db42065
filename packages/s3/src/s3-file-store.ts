import { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ByteRange, FileStore, PutOutcome } from '@chat/domain';

/** S3's smallest part of a multipart upload, and what one upload holds in memory at most. */
const PART_BYTES = 5 * 1024 * 1024;

/** The most keys one DeleteObjects request takes. */
const DELETE_BATCH = 1000;

export interface S3FileStoreOptions {
  readonly bucket: string;
  /** Another store than AWS's (MinIO, Garage, Ceph, R2, …): its URL. */
  readonly endpoint?: string;
  readonly region?: string;
  /** `bucket` in the path rather than the host name: what most stores but AWS's want. */
  readonly forcePathStyle?: boolean;
  /** Left out: the SDK's usual chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, a role). */
  readonly credentials?: S3ClientConfig['credentials'];
}

class TooLarge extends Error {}

/**
 * Files in an S3 bucket that several replicas share. An upload streams through the SDK's multipart
 * upload one 5 MiB part at a time (a smaller file goes in one request once read), so at most one
 * part of each upload is in memory. An object appears only when its upload completes: a refused or
 * broken upload is aborted and leaves no object.
 */
export class S3FileStore implements FileStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  static create(options: S3FileStoreOptions): S3FileStore {
    const client = new S3Client({
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      region: options.region ?? 'us-east-1',
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where S3 requires them: several S3-compatible stores refuse the newer
      // checksum trailers the SDK otherwise adds to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return new S3FileStore(client, options.bucket);
  }

  async put(key: string, body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<PutOutcome> {
    let size = 0;
    let bodyError: { readonly error: unknown } | undefined;
    async function* counted(): AsyncGenerator<Uint8Array> {
      try {
        for await (const chunk of body) {
          size += chunk.length;
          if (size > maxBytes) throw new TooLarge();
          yield chunk;
        }
      } catch (error) {
        bodyError = { error };
        throw error;
      }
    }
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: Readable.from(counted()) },
      partSize: PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      // The SDK may answer with its abort's error rather than the body's: what the body did decides.
      if (bodyError?.error instanceof TooLarge) return { kind: 'TooLarge' };
      throw bodyError ? bodyError.error : error;
    }
    return { kind: 'Stored', size };
  }

  async get(key: string, range?: ByteRange): Promise<AsyncIterable<Uint8Array> | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      if (!(object.Body instanceof Readable)) return null;
      if (!range) return object.Body;
      // HTTP lets a server send more than the Range asked (all of it; s3rver sends 0-9 for 0-0): then it is cut here.
      const sent = /^bytes (\d+)-(\d+)\//.exec(object.ContentRange ?? '');
      const [start, end] = sent ? [Number(sent[1]), Number(sent[2])] : [0, Number.POSITIVE_INFINITY];
      return start === range.start && end === range.end ? object.Body : sliced(object.Body, { start: range.start - start, end: range.end - start });
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: unknown }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (let at = 0; at < keys.length; at += DELETE_BATCH) {
      const batch = keys.slice(at, at + DELETE_BATCH);
      const answer = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }));
      const failed = answer.Errors?.filter((e) => e.Code !== 'NoSuchKey') ?? [];
      if (failed.length > 0) throw new Error(`S3 did not delete ${failed.length} of ${batch.length} objects: ${failed[0]?.Code ?? 'unknown'} ${failed[0]?.Message ?? ''}`);
    }
  }

  /** Whether the bucket answers (readiness). */
  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}

/** Bytes `range.start` to `range.end` of `body` (counted from its first); the rest of it is not read. */
async function* sliced(body: Readable, range: ByteRange): AsyncGenerator<Uint8Array> {
  let at = 0;
  try {
    for await (const chunk of body as AsyncIterable<Uint8Array>) {
      const from = Math.max(range.start - at, 0);
      const to = Math.min(range.end + 1 - at, chunk.length);
      at += chunk.length;
      if (from < to) yield chunk.subarray(from, to);
      if (at > range.end) return;
    }
  } finally {
    body.destroy();
  }
}

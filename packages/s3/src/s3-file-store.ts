import { randomUUID } from 'node:crypto';
import { createReadStream, rmSync } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import type { ByteRange, FileStore, PutOutcome } from '@chat/domain';

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
  /** Where uploads are spooled on their way (a folder of their own, 0700, is made in it); the system's temporary folder when left out. */
  readonly spoolDir?: string;
}

class TooLarge extends Error {}

/**
 * Files in an S3 bucket that several replicas share. An upload is written as it arrives to a file
 * of its own on the local disk (0600, in a 0700 folder of the temporary one), then sent in one PUT
 * of known length, streamed from that file, and the file deleted. Not a multipart upload of the
 * stream: S3 wants parts of a known length, 5 MiB at least, which a stream of unknown length can
 * only give by holding each part in memory (with the SDK's copy as it joins a part's chunks, 20
 * uploads at once grew the API by over 250 MiB in `bench/upload.cjs`; spooled, by what the disk
 * store's do). One PUT takes up to 5 GiB, `ATTACHMENT_MAX_BYTES`' bound. An object appears only
 * when its PUT completes: a refused or broken upload sends nothing and leaves no object.
 */
export class S3FileStore implements FileStore {
  private spool: Promise<string> | undefined;
  /** The spool's folder, once made. */
  private spoolPath: string | undefined;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly spoolDir: string = tmpdir(),
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
    return new S3FileStore(client, options.bucket, options.spoolDir);
  }

  async put(key: string, body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<PutOutcome> {
    // A folder that could not be made is tried again by the next upload, not remembered as failed.
    this.spool ??= mkdtemp(join(this.spoolDir, 'chat-s3-uploads-')).then(
      (dir) => (this.spoolPath = dir),
      (error: unknown) => {
        this.spool = undefined;
        throw error;
      },
    );
    const spooled = join(await this.spool, randomUUID());
    let size = 0;
    async function* counted(): AsyncGenerator<Uint8Array> {
      for await (const chunk of body) {
        size += chunk.length;
        if (size > maxBytes) throw new TooLarge();
        yield chunk;
      }
    }
    try {
      // Opened before the body is read, so the file is there to remove however early the body fails (as the disk store does).
      const file = await open(spooled, 'wx', 0o600);
      await pipeline(counted, file.createWriteStream());
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(spooled), ContentLength: size }));
    } catch (error) {
      if (error instanceof TooLarge) return { kind: 'TooLarge' };
      throw error;
    } finally {
      await rm(spooled, { force: true });
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
    // The spool's folder, empty unless an upload is under way (its file is deleted as it ends).
    if (this.spoolPath) rmSync(this.spoolPath, { recursive: true, force: true });
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

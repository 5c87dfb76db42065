import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FileStore } from '@chat/domain';
import { DiskFileStore } from '@chat/disk';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { privateDataDir } from './data-dir';

/** Where uploads' bytes are, and what `/ready` asks of it. */
export interface OpenedFileStore {
  readonly engine: 'disk' | 's3';
  readonly files: FileStore;
  /** Whether the store answers (S3); the disk has nothing to ask. */
  readonly check?: () => Promise<unknown>;
  close(): void;
}

/** The folder of DATA_DIR that holds the files. */
export const FILES_DIR = 'files';

/**
 * An S3 bucket when S3_BUCKET is set, else the disk under DATA_DIR (refused at start when DATA_DIR
 * is open to others; made, 0700, by the first upload). The AWS SDK is loaded only for S3: a
 * deployment on the disk never pays for it in memory or start time.
 */
export async function openFileStore(config: Config, logger: Logger): Promise<OpenedFileStore> {
  if (config.S3_BUCKET) {
    const { S3FileStore } = await import('@chat/s3');
    const s3 = S3FileStore.create({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION ?? 'us-east-1',
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      // Another store than AWS's wants the bucket in the path, as a rule.
      forcePathStyle: config.S3_FORCE_PATH_STYLE === undefined ? config.S3_ENDPOINT !== undefined : config.S3_FORCE_PATH_STYLE === '1' || config.S3_FORCE_PATH_STYLE === 'true',
    });
    await s3.ping().catch((error: unknown) => logger.warn({ err: error, bucket: config.S3_BUCKET }, 'the S3 bucket does not answer yet: uploads fail until it does'));
    return { engine: 's3', files: s3, check: () => s3.ping(), close: () => s3.close() };
  }
  if (existsSync(config.DATA_DIR)) privateDataDir(config.DATA_DIR);
  const disk = new DiskFileStore(join(config.DATA_DIR, FILES_DIR));
  const removed = await disk.removeLeftovers();
  if (removed > 0) logger.info({ removed }, 'removed files a crash left half-uploaded');
  return { engine: 'disk', files: disk, close: () => undefined };
}

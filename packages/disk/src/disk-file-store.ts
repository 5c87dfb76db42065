import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, FileStore, PutOutcome } from '@chat/domain';

/** Letters, digits, `_` and `-` in segments joined by `/`: a key can never climb out of the root. */
const KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;

/** Where files are written until whole: in the root, so the rename that shows them stays on one file system. */
const UPLOADING = '.uploading';

/** A file left half-written this long ago (a crash mid-upload) is a leftover (`removeLeftovers`). */
const LEFTOVER_MS = 24 * 3600_000;

class TooLarge extends Error {}

/**
 * Files on the local disk under `root`, private like the embedded database's: directories 0700,
 * files 0600. A file is written under a temporary name, flushed, then renamed to its key's path, so
 * it is there whole or not at all; a refused or broken upload leaves nothing.
 */
export class DiskFileStore implements FileStore {
  private ready: Promise<unknown> | undefined;

  /** Touches nothing yet: the directories are made (0700) by the first upload. */
  constructor(private readonly root: string) {}

  /** Deletes the half-written files a crash left over a day ago (a newer one may be another replica's upload under way). */
  async removeLeftovers(now: number = Date.now()): Promise<number> {
    const uploading = join(this.root, UPLOADING);
    let names: string[];
    try {
      names = await readdir(uploading);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const path = join(uploading, name);
      if (now - (await stat(path)).mtimeMs <= LEFTOVER_MS) continue;
      await rm(path, { force: true });
      removed += 1;
    }
    return removed;
  }

  async put(key: string, body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<PutOutcome> {
    const path = this.pathOf(key);
    const temporary = join(this.root, UPLOADING, randomUUID());
    await (this.ready ??= mkdir(join(this.root, UPLOADING), { recursive: true, mode: 0o700 }));
    let size = 0;
    async function* counted(): AsyncGenerator<Uint8Array> {
      for await (const chunk of body) {
        size += chunk.length;
        if (size > maxBytes) throw new TooLarge();
        yield chunk;
      }
    }
    try {
      // Opened before the body is read: a stream that opened the file itself could still be opening
      // it when a body refused at its first chunk had the file removed, and make it after (left behind).
      const file = await open(temporary, 'wx', 0o600);
      await pipeline(counted, file.createWriteStream({ flush: true }));
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      if (error instanceof TooLarge) return { kind: 'TooLarge' };
      throw error;
    }
    return { kind: 'Stored', size };
  }

  async get(key: string, range?: ByteRange): Promise<AsyncIterable<Uint8Array> | null> {
    try {
      const file = await open(this.pathOf(key), 'r');
      return file.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }

  private pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`not a file store key: ${JSON.stringify(key)}`);
    return join(this.root, ...key.split('/'));
  }
}

// Not `instanceof Error`: node's errors may come from another realm (a test runner's).
const isMissing = (error: unknown): boolean => typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';

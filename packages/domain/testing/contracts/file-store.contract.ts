import type { FileStore } from '../../src';
import { freshId } from './fixtures';

/** `size` bytes that differ from one position to the next, so a range read from the wrong place shows. */
export function someBytes(size: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + seed * 17 + (i >> 8)) & 0xff;
  return bytes;
}

/** `bytes` as a body of chunks of `chunkSize`, the way a network delivers them. */
export async function* chunked(bytes: Uint8Array, chunkSize = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.slice(at, at + chunkSize);
}

export async function readAll(body: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.length;
  }
  return all;
}

/**
 * Where two byte arrays first differ ('same' when they do not): a readable failure, and quick
 * (jest's deep equality takes seconds over a few megabytes).
 */
export function firstDifference(actual: Uint8Array | null, expected: Uint8Array): string {
  if (actual === null) return 'no file';
  if (actual.length !== expected.length) return `length ${actual.length}, expected ${expected.length}`;
  for (let i = 0; i < actual.length; i++) if (actual[i] !== expected[i]) return `byte ${i}: ${actual[i]}, expected ${expected[i]}`;
  return 'same';
}

/** The bytes under `key`, or null when there is no file. */
async function contentOf(store: FileStore, key: string): Promise<Uint8Array | null> {
  const body = await store.get(key);
  return body ? readAll(body) : null;
}

/** A body that yields `bytes`, then fails as a dropped connection does. */
async function* breakingOff(bytes: Uint8Array, error: Error): AsyncGenerator<Uint8Array> {
  yield* chunked(bytes);
  throw error;
}

/** Past S3's smallest multipart part (5 MiB): a store that uploads in parts does so here. */
const LARGE = 6 * 1024 * 1024 + 123;

/**
 * What every `FileStore` must do (in memory, on disk, on S3). Every test uses keys of its own, so a
 * store shared by many runs (a bucket never emptied) passes as well as a new one.
 */
export function describeFileStoreContract(name: string, makeStore: () => Promise<FileStore>): void {
  describe(`FileStore contract: ${name}`, () => {
    let store: FileStore;
    const aKey = () => `contract/${freshId()}`;
    beforeAll(async () => {
      store = await makeStore();
    });

    it('keeps a file whole and gives its bytes back, with its size', async () => {
      const key = aKey();
      const bytes = someBytes(200_000);

      expect(await store.put(key, chunked(bytes, 10_000), 1_000_000)).toEqual({ kind: 'Stored', size: 200_000 });
      expect(firstDifference(await contentOf(store, key), bytes)).toBe('same');
    });

    it('reads a range, both ends included: the first byte, the last, one in the middle, all', async () => {
      const key = aKey();
      const bytes = someBytes(10_000);
      await store.put(key, chunked(bytes, 999), 10_000);
      const range = async (start: number, end: number) => readAll((await store.get(key, { start, end }))!);

      expect(await range(0, 0)).toEqual(bytes.slice(0, 1));
      expect(await range(9_999, 9_999)).toEqual(bytes.slice(9_999));
      expect(await range(1_000, 4_321)).toEqual(bytes.slice(1_000, 4_322));
      expect(await range(0, 9_999)).toEqual(bytes);
    });

    it('keeps an empty file: zero bytes', async () => {
      const key = aKey();

      expect(await store.put(key, chunked(new Uint8Array(0)), 10)).toEqual({ kind: 'Stored', size: 0 });
      expect(await contentOf(store, key)).toEqual(new Uint8Array(0));
    });

    it('keeps a file of exactly the limit, and nothing of one a byte longer', async () => {
      const [exact, over] = [aKey(), aKey()];

      expect(await store.put(exact, chunked(someBytes(5_000), 1_000), 5_000)).toEqual({ kind: 'Stored', size: 5_000 });
      expect(await store.put(over, chunked(someBytes(5_001), 1_000), 5_000)).toEqual({ kind: 'TooLarge' });
      expect(await store.get(over)).toBeNull();
    });

    it('keeps a large file whole, and nothing of one over the limit after several megabytes', async () => {
      const [large, over] = [aKey(), aKey()];
      const bytes = someBytes(LARGE, 3);

      expect(await store.put(large, chunked(bytes), LARGE)).toEqual({ kind: 'Stored', size: LARGE });
      expect(firstDifference(await contentOf(store, large), bytes)).toBe('same');
      expect(await readAll((await store.get(large, { start: LARGE - 10, end: LARGE - 1 }))!)).toEqual(bytes.slice(LARGE - 10));
      expect(firstDifference(await readAll((await store.get(large, { start: 1, end: LARGE - 2 }))!), bytes.slice(1, LARGE - 1))).toBe('same');
      expect(await store.put(over, chunked(bytes), LARGE - 1)).toEqual({ kind: 'TooLarge' });
      expect(await store.get(over)).toBeNull();
    });

    it('rejects with the body\'s own error when the body breaks off, and keeps nothing', async () => {
      const [small, large] = [aKey(), aKey()];
      const dropped = new Error('the client went away');

      await expect(store.put(small, breakingOff(someBytes(1_000), dropped), 1_000_000)).rejects.toBe(dropped);
      await expect(store.put(large, breakingOff(someBytes(LARGE), dropped), 2 * LARGE)).rejects.toBe(dropped);
      expect(await store.get(small)).toBeNull();
      expect(await store.get(large)).toBeNull();
    });

    it('shows no file under its key until it is whole', async () => {
      const key = aKey();
      let resume: () => void = () => undefined;
      const paused = new Promise<void>((resolve) => (resume = resolve));
      let started: () => void = () => undefined;
      const halfway = new Promise<void>((resolve) => (started = resolve));
      async function* slow(): AsyncGenerator<Uint8Array> {
        yield someBytes(1_000);
        started();
        await paused;
        yield someBytes(1_000, 9);
      }

      const putting = store.put(key, slow(), 10_000);
      await halfway;
      expect(await store.get(key)).toBeNull();
      resume();
      expect(await putting).toEqual({ kind: 'Stored', size: 2_000 });
      expect((await contentOf(store, key))?.length).toBe(2_000);
    });

    it('answers null for a key with no file', async () => {
      expect(await store.get(aKey())).toBeNull();
      expect(await store.get(aKey(), { start: 0, end: 0 })).toBeNull();
    });

    it('deletes files, several at once; a key with no file is no error', async () => {
      const [first, second, kept] = [aKey(), aKey(), aKey()];
      for (const key of [first, second, kept]) await store.put(key, chunked(someBytes(100)), 100);

      await store.delete([first, second, aKey()]);
      await store.delete([]);

      expect(await store.get(first)).toBeNull();
      expect(await store.get(second)).toBeNull();
      expect(await contentOf(store, kept)).toEqual(someBytes(100));
    });
  });
}

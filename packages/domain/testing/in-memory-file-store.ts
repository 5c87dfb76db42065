import type { ByteRange, FileStore, PutOutcome } from '../src';

/** Files in a map: what the contract asks of a file store, with no I/O (a file is there only once whole). */
export class InMemoryFileStore implements FileStore {
  readonly files = new Map<string, Uint8Array>();

  async put(key: string, body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<PutOutcome> {
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > maxBytes) return { kind: 'TooLarge' };
      chunks.push(chunk.slice());
    }
    const file = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      file.set(chunk, at);
      at += chunk.length;
    }
    this.files.set(key, file);
    return { kind: 'Stored', size };
  }

  async get(key: string, range?: ByteRange): Promise<AsyncIterable<Uint8Array> | null> {
    const file = this.files.get(key);
    if (!file) return null;
    const bytes = range ? file.slice(range.start, range.end + 1) : file.slice();
    return (async function* () {
      yield bytes;
    })();
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.files.delete(key);
  }
}

/** Bytes `start` to `end` of a file, both included (as HTTP's `Range` counts them). */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/** What `put` did: stored the whole body, or kept nothing because it was longer than allowed. */
export type PutOutcome = { readonly kind: 'Stored'; readonly size: number } | { readonly kind: 'TooLarge' };

/**
 * Where the bytes of files live, under keys the domain makes (never a name a client sent). Bytes go
 * in and out as async iterables, a chunk at a time: no file is ever held whole in memory.
 */
export interface FileStore {
  /**
   * Stores `body` under a new `key`, reading it as it arrives. A file is there under its key only
   * once whole: past `maxBytes` the read stops and nothing is kept ('TooLarge'); when `body` throws
   * (the client went away), nothing is kept and `put` rejects with that error.
   */
  put(key: string, body: AsyncIterable<Uint8Array>, maxBytes: number): Promise<PutOutcome>;
  /** The file's bytes, or those of `range` (which the caller keeps within the file); null when there is no file under `key`. */
  get(key: string, range?: ByteRange): Promise<AsyncIterable<Uint8Array> | null>;
  /** Deletes the files under these keys; a key with no file is no error. */
  delete(keys: readonly string[]): Promise<void>;
}

import type { Readable } from 'node:stream';
import { Busboy, type BusboyInstance } from '@fastify/busboy';
import type { Request } from 'express';
import { problem, type Problem } from './problem';

/** The part an upload's file comes in. */
export const FILE_PART = 'file';

/** A multipart body that cannot be an upload: answered with its problem, never as a failure of ours. */
export class UploadRefused extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail);
  }
}

/** The file of an upload: its name as sent, and its bytes as they arrive. */
export interface IncomingFile {
  readonly filename: string;
  /**
   * The file's bytes, read with back-pressure. It ends only once the whole body was read and found
   * to hold this one part; it throws `UploadRefused` when the body turns out otherwise (a second
   * part, a broken body, a client gone).
   */
  readonly body: AsyncIterable<Uint8Array>;
}

const refusal = (detail: string): UploadRefused => new UploadRefused(problem(400, 'VALIDATION_FAILED', detail, [{ path: FILE_PART, message: detail }]));

const malformed = (detail: string): UploadRefused => new UploadRefused(problem(400, 'MALFORMED_MULTIPART', detail));

/**
 * Reads a `multipart/form-data` request as one upload: exactly one part, named `file`. Answers its
 * file as soon as the part begins, or a refusal; nothing is buffered beyond the parser's own chunk.
 */
export function readUpload(req: Request): Promise<IncomingFile | UploadRefused> {
  let parser: BusboyInstance;
  try {
    // Any part named `file` is the file, with a file name or without (as `curl -F file=<notes.txt` sends it).
    parser = Busboy({ headers: req.headers as Parameters<typeof Busboy>[0]['headers'], limits: { parts: 1 }, isPartAFile: (name) => name === FILE_PART });
  } catch {
    return Promise.resolve(malformed('The multipart body has no boundary in its Content-Type.'));
  }
  let settle: (end: 'whole' | UploadRefused) => void = () => undefined;
  const settled = new Promise<'whole' | UploadRefused>((resolve) => (settle = resolve));
  let answer: (first: IncomingFile | UploadRefused) => void = () => undefined;
  const first = new Promise<IncomingFile | UploadRefused>((resolve) => (answer = resolve));

  const fail = (refused: UploadRefused) => {
    settle(refused);
    answer(refused);
    req.unpipe(parser);
  };
  parser.on('file', (_name, stream, filename) => {
    // The parser tells of a part cut short as its own error too (answered by `fail`), and the part may
    // not be read yet: an error on it alone must not go unheard.
    stream.on('error', () => undefined);
    // Browsers write a quote in a file name as %22 (the HTML standard's form encoding): read back.
    answer({ filename: (filename ?? '').replaceAll('%22', '"'), body: bodyOf(stream, settled) });
  });
  parser.on('field', (name) => fail(refusal(`The body has a part named "${name.slice(0, 64)}"; send the file alone, in one part named file.`)));
  parser.on('partsLimit', () => fail(refusal('The body has more than one part; send one file, in one part named file.')));
  parser.on('error', () => fail(malformed('The multipart body is malformed or ends before it is complete.')));
  parser.on('finish', () => {
    settle('whole');
    answer(refusal('The body has no part named file.'));
  });
  req.on('close', () => {
    if (!req.complete) fail(malformed('The upload broke off before the body was complete.'));
  });
  req.pipe(parser);
  return first;
}

/**
 * The part's bytes, until the body is refused (then its refusal is thrown, whether the part was
 * still coming or already whole); once the body is read to its end whole, the part ends. A refusal
 * destroys the part with it, so a read waiting for data hears it at once. Not a race of each read
 * against the refusal: every race leaves a reaction on the refusal's promise, pending while the
 * file streams, and each reaction kept its chunk, so the whole file stayed in memory (10 MiB an
 * upload, found by `bench/upload.cjs`).
 */
async function* bodyOf(stream: Readable, settled: Promise<'whole' | UploadRefused>): AsyncGenerator<Uint8Array> {
  void settled.then((end) => {
    if (end !== 'whole') stream.destroy(end);
  });
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array>) yield chunk;
  } finally {
    // Lets go of the part, read no further if refused or abandoned.
    stream.destroy();
  }
  const end = await settled;
  if (end !== 'whole') throw end;
}

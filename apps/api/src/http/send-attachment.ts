import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isInlineImage, type ByteRange, type OpenedAttachment } from '@chat/domain';
import { create as contentDisposition } from 'content-disposition';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { problemFor } from './error-mapping';
import { problem, sendProblem } from './problem';

/** What is asked of an attachment: all of it, one range, or a range past its end. */
type Wanted = { readonly kind: 'all' } | { readonly kind: 'range'; readonly range: ByteRange } | { readonly kind: 'unsatisfiable' };

/**
 * The `Range` header read against the file's size. A malformed one, several ranges, or a unit other
 * than bytes are answered with the whole file, as HTTP allows; one that starts past the end is 416.
 */
function wantedOf(req: Request, size: number): Wanted {
  const ranges = req.range(size, { combine: true });
  if (ranges === undefined || ranges === -2) return { kind: 'all' };
  if (ranges === -1) return { kind: 'unsatisfiable' };
  const [only] = ranges;
  return ranges.type === 'bytes' && ranges.length === 1 && only ? { kind: 'range', range: { start: only.start, end: only.end } } : { kind: 'all' };
}

/**
 * The headers that keep a download from running anything on the API's origin: only raster images
 * are shown (with their own type), everything else is saved as a file of no type; `nosniff` (set
 * for every answer) and a sandbox keep a browser from reading it as anything else.
 */
function setFileHeaders(res: Response, { filename, contentType }: { filename: string; contentType: string }, cacheSeconds: number): void {
  const inline = isInlineImage(contentType);
  res.setHeader('Content-Type', inline ? contentType : 'application/octet-stream');
  res.setHeader('Content-Disposition', contentDisposition(filename, { type: inline ? 'inline' : 'attachment' }));
  res.setHeader('Content-Security-Policy', 'sandbox');
  res.setHeader('Accept-Ranges', 'bytes');
  // Private (it is someone's file), and kept no longer than its link works.
  res.setHeader('Cache-Control', `private, max-age=${Math.max(0, cacheSeconds)}`);
}

/** Answers a download: the file, or the range asked, streamed from the store as the client reads it. */
export async function sendAttachment(req: Request, res: Response, opened: OpenedAttachment, cacheSeconds: number, logger: Logger): Promise<void> {
  const { attachment } = opened;
  const wanted = wantedOf(req, attachment.size);
  if (wanted.kind === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${attachment.size}`);
    return sendProblem(res, problem(416, 'RANGE_NOT_SATISFIABLE', `The range starts past the end of the file (${attachment.size} bytes).`));
  }
  const range = wanted.kind === 'range' ? wanted.range : undefined;
  const body = req.method === 'HEAD' ? null : await opened.read(range);
  if (req.method !== 'HEAD' && !body) return sendProblem(res, problemFor({ kind: 'AttachmentNotFound' }));
  setFileHeaders(res, attachment, cacheSeconds);
  if (range) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${attachment.size}`);
  res.setHeader('Content-Length', String(range ? range.end - range.start + 1 : attachment.size));
  res.status(range ? 206 : 200);
  if (!body) return void res.end();
  try {
    await pipeline(body instanceof Readable ? body : Readable.from(body), res);
  } catch (error) {
    // A client that went away is no failure; a store that failed half-way is, but the status is sent.
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
    if (code !== 'ERR_STREAM_PREMATURE_CLOSE') logger.warn({ err: error, attachmentId: attachment.id }, 'a download failed half-way');
  }
}

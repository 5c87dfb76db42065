/**
 * How the page shows files (pure, no DOM: unit-tested in Node): a size in words, and what an
 * attachment becomes in a message, an image drawn inline in a box reserved at its shown size, or a
 * download link. Only the raster types the API serves inline are drawn: anything else downloads.
 */
import type { Attachment } from '@chat/client';

/** The part of the SDK's `Attachment` this needs (a type only: nothing of the SDK runs here). */
export type AttachmentLike = Pick<Attachment, 'filename' | 'contentType' | 'size' | 'width' | 'height' | 'url'>;

/** "0 bytes", "1 byte", "900 bytes", "1.5 KB", "12 KB", "3.2 MB", "1 GB" (1 KB = 1024 bytes, one decimal under 10). */
export function sizeInWords(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) {
    const whole = Math.max(0, Math.floor(Number.isFinite(bytes) ? bytes : 0));
    return `${whole} ${whole === 1 ? 'byte' : 'bytes'}`;
  }
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // 9.96 KB rounds to "10 KB", not "10.0 KB"; 1023.9 KB stays in KB ("1024 KB") rather than say 1.0 MB.
  const shown = value < 9.95 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${units[unit]}`;
}

/** The image types the API serves inline (everything else it serves as a download). */
const INLINE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** The largest box an image is shown in, in CSS pixels; a smaller one shows at its own size. */
export const MAX_IMAGE = { width: 400, height: 300 } as const;

export type AttachmentView =
  | {
      readonly kind: 'image';
      readonly src: string;
      readonly alt: string;
      /** The box it is drawn in (reserved before it loads, so nothing below it jumps). */
      readonly width: number;
      readonly height: number;
      /** "photo.png, 1600×1200, 240 KB": its name, its own pixels and its size. */
      readonly caption: string;
    }
  | { readonly kind: 'file'; readonly href: string; readonly filename: string; readonly size: string };

/** An image with its pixels known is shown inline, scaled down (never up) to fit `max`; any other file is a link. */
export function attachmentView(attachment: AttachmentLike, max: { readonly width: number; readonly height: number } = MAX_IMAGE): AttachmentView {
  const { filename, contentType, size, width, height, url } = attachment;
  if (!INLINE_IMAGES.has(contentType) || !width || !height || width <= 0 || height <= 0) return { kind: 'file', href: url, filename, size: sizeInWords(size) };
  const scale = Math.min(1, max.width / width, max.height / height);
  return {
    kind: 'image',
    src: url,
    alt: filename,
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    caption: `${filename}, ${width}×${height}, ${sizeInWords(size)}`,
  };
}

/** How far an upload is, in whole percent (0 to 100); an empty total counts as done. */
export const percentOf = (sent: number, total: number): number => (total <= 0 ? 100 : Math.min(100, Math.max(0, Math.floor((sent / total) * 100))));

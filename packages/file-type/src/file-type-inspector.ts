import { isInlineImage, type FileInspector, type FileKind } from '@chat/domain';
// The core: buffers only (the package's root adds file and stream readers this needs not).
import { fileTypeFromBuffer } from 'file-type/core';
import { imageSize } from 'image-size';

const UNKNOWN = 'application/octet-stream';

/** file-type's names that mean a type of ours: an animated PNG is a PNG to a browser. */
const ALIASES: Readonly<Record<string, string>> = { 'image/apng': 'image/png' };

/** EXIF orientations 5 to 8 turn the image a quarter: it shows with its width and height swapped. */
const QUARTER_TURNS = new Set([5, 6, 7, 8]);

/**
 * A file's type from its magic numbers (`file-type`), and for the images shown inline their size
 * as shown (`image-size`, turned by a JPEG's EXIF orientation). Never fails on garbage: an unknown
 * or broken file is `application/octet-stream`, an image whose size cannot be read has none.
 */
export class FileTypeInspector implements FileInspector {
  async inspect(head: Uint8Array): Promise<FileKind> {
    const found = (await fileTypeFromBuffer(head))?.mime;
    const contentType = found ? (ALIASES[found] ?? found) : UNKNOWN;
    return { contentType, ...(isInlineImage(contentType) ? sizeOf(head) : { width: null, height: null }) };
  }
}

function sizeOf(head: Uint8Array): { width: number | null; height: number | null } {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(head);
  } catch {
    // A truncated or malformed image (its size lies past the bytes read, or nowhere): no size, not a refusal.
    return { width: null, height: null };
  }
  const turned = size.orientation !== undefined && QUARTER_TURNS.has(size.orientation);
  return turned ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
}

import type { FileInspector, FileKind } from '../src';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Knows PNG alone (its size from the IHDR chunk); anything else is `application/octet-stream`. */
export class FakeFileInspector implements FileInspector {
  async inspect(head: Uint8Array): Promise<FileKind> {
    const png = head.length >= 24 && PNG_SIGNATURE.every((byte, i) => head[i] === byte);
    if (!png) return { contentType: 'application/octet-stream', width: null, height: null };
    const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
    return { contentType: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
  }
}

/** The first 24 bytes of a PNG of this size: enough for any inspector to tell its type and size. */
export function aPngHead(width: number, height: number): Uint8Array {
  const head = new Uint8Array(33);
  head.set(PNG_SIGNATURE, 0);
  const view = new DataView(head.buffer);
  view.setUint32(8, 13); // IHDR's length
  head.set([0x49, 0x48, 0x44, 0x52], 12); // "IHDR"
  view.setUint32(16, width);
  view.setUint32(20, height);
  head.set([8, 6, 0, 0, 0], 24); // 8-bit RGBA, no interlace
  return head;
}

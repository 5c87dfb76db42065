/*
 * Small image files made byte by byte, for tests of what is sniffed from an upload: real enough for
 * a browser (the PNG) or for any reader of magic numbers and sizes (the others).
 */

const concat = (...parts: readonly (Uint8Array | readonly number[])[]): Uint8Array => {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
};

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));
const u32be = (n: number): number[] => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const u16be = (n: number): number[] => [(n >>> 8) & 0xff, n & 0xff];
const u16le = (n: number): number[] => [n & 0xff, (n >>> 8) & 0xff];
const u24le = (n: number): number[] => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff];
const u32le = (n: number): number[] => [...u16le(n & 0xffff), ...u16le(n >>> 16)];

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** zlib's format with one stored (uncompressed) block: no compressor needed. */
function zlibStored(data: Uint8Array): Uint8Array {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return concat([0x78, 0x01, 0x01], u16le(data.length), u16le(~data.length & 0xffff), data, u32be(((b << 16) | a) >>> 0));
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typed = concat(ascii(type), data);
  return concat(u32be(data.length), typed, u32be(crc32(typed)));
}

/** A valid PNG of `width` × `height` grey pixels (keep it under 100 × 100: one stored block). */
export function aPng(width: number, height: number): Uint8Array {
  const rows = new Uint8Array(height * (width + 1)).fill(0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // each row's filter: none
  const header = concat(u32be(width), u32be(height), [8, 0, 0, 0, 0]); // 8-bit greyscale
  return concat([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], pngChunk('IHDR', header), pngChunk('IDAT', zlibStored(rows)), pngChunk('IEND', new Uint8Array(0)));
}

/** A GIF's header and screen descriptor: its size as readers take it. */
export function aGif(width: number, height: number): Uint8Array {
  return concat(ascii('GIF89a'), u16le(width), u16le(height), [0, 0, 0], [0x3b]);
}

/**
 * A JPEG's markers up to its frame header: `orientation` an EXIF one (6: turned a quarter), and
 * `padding` bytes of an APP segment before the frame, as a camera's metadata puts there.
 */
export function aJpeg(width: number, height: number, { orientation, padding = 0 }: { orientation?: number; padding?: number } = {}): Uint8Array {
  const jfif = [...ascii('JFIF'), 0, 1, 1, 0, ...u16be(1), ...u16be(1), 0, 0];
  const parts: (Uint8Array | number[])[] = [[0xff, 0xd8, 0xff, 0xe0, ...u16be(jfif.length + 2), ...jfif]];
  if (orientation !== undefined) {
    const tiff = [...ascii('MM'), ...u16be(42), ...u32be(8), ...u16be(1), ...u16be(0x0112), ...u16be(3), ...u32be(1), ...u16be(orientation), 0, 0, ...u32be(0)];
    const exif = [...ascii('Exif'), 0, 0, ...tiff];
    parts.push([0xff, 0xe1, ...u16be(exif.length + 2), ...exif]);
  }
  for (let left = padding; left > 0; left -= 65_000) {
    const size = Math.min(left, 65_000);
    parts.push([0xff, 0xe2, ...u16be(size + 2)], new Uint8Array(size));
  }
  parts.push([0xff, 0xc0, ...u16be(17), 8, ...u16be(height), ...u16be(width), 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1], [0xff, 0xd9]);
  return concat(...parts);
}

/** An extended WebP's header (VP8X): its canvas size as readers take it. */
export function aWebp(width: number, height: number): Uint8Array {
  const vp8x = [...ascii('VP8X'), ...u32le(10), 0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)];
  return concat(ascii('RIFF'), u32le(4 + vp8x.length), ascii('WEBP'), vp8x);
}

/** Text of this kind, as bytes: what a browser would run if it were shown (SVG, HTML). */
export const textFile = (text: string): Uint8Array => new Uint8Array(ascii(text));

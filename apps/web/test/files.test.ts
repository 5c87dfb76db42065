import { attachmentView, MAX_IMAGE, percentOf, sizeInWords } from '../src/files.js';

const attachment = (overrides: Partial<Parameters<typeof attachmentView>[0]> = {}) => ({
  filename: 'photo.png',
  contentType: 'image/png',
  size: 245_760,
  width: 1600,
  height: 1200,
  url: '/api/attachments/1?expires=1&signature=abc',
  ...overrides,
});

describe('files as the page shows them', () => {
  it('says a size in words', () => {
    expect(sizeInWords(0)).toBe('0 bytes');
    expect(sizeInWords(1)).toBe('1 byte');
    expect(sizeInWords(1023)).toBe('1023 bytes');
    expect(sizeInWords(1024)).toBe('1 KB');
    expect(sizeInWords(1536)).toBe('1.5 KB');
    expect(sizeInWords(10_189)).toBe('10 KB');
    expect(sizeInWords(245_760)).toBe('240 KB');
    expect(sizeInWords(3.25 * 1024 * 1024)).toBe('3.3 MB');
    expect(sizeInWords(25 * 1024 * 1024)).toBe('25 MB');
    expect(sizeInWords(2 ** 30)).toBe('1 GB');
    expect(sizeInWords(Number.NaN)).toBe('0 bytes');
  });

  it('shows a raster image inline, scaled down to fit the box with its shape kept, and says its own pixels and size', () => {
    expect(attachmentView(attachment())).toEqual({
      kind: 'image',
      src: '/api/attachments/1?expires=1&signature=abc',
      alt: 'photo.png',
      width: 400,
      height: 300,
      caption: 'photo.png, 1600×1200, 240 KB',
    });
    // Tall: the height decides.
    expect(attachmentView(attachment({ width: 300, height: 900 }))).toMatchObject({ width: 100, height: 300 });
    // Small: never scaled up.
    expect(attachmentView(attachment({ width: 16, height: 8 }))).toMatchObject({ width: 16, height: 8, caption: 'photo.png, 16×8, 240 KB' });
    // A sliver keeps at least a pixel.
    expect(attachmentView(attachment({ width: 40_000, height: 1 }))).toMatchObject({ width: MAX_IMAGE.width, height: 1 });
    for (const contentType of ['image/jpeg', 'image/gif', 'image/webp']) expect(attachmentView(attachment({ contentType })).kind).toBe('image');
  });

  it('makes anything else a download link with its name and size: other types, and an image whose pixels are unknown', () => {
    const link = { kind: 'file', href: '/api/attachments/1?expires=1&signature=abc', filename: 'notes.txt', size: '12 bytes' };
    expect(attachmentView(attachment({ filename: 'notes.txt', contentType: 'application/octet-stream', size: 12, width: null, height: null }))).toEqual(link);
    // SVG is never drawn inline (the API serves it as a download), whatever its pixels.
    expect(attachmentView(attachment({ contentType: 'image/svg+xml' })).kind).toBe('file');
    expect(attachmentView(attachment({ width: null, height: null })).kind).toBe('file');
    expect(attachmentView(attachment({ width: 0, height: 10 })).kind).toBe('file');
  });

  it('counts an upload’s progress in whole percent', () => {
    expect(percentOf(0, 200)).toBe(0);
    expect(percentOf(199, 200)).toBe(99);
    expect(percentOf(200, 200)).toBe(100);
    expect(percentOf(300, 200)).toBe(100);
    expect(percentOf(0, 0)).toBe(100);
  });
});

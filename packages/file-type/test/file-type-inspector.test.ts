import { INSPECTED_BYTES } from '@chat/domain';
import { aGif, aJpeg, aPng, aWebp, textFile } from '@chat/domain/testing';
import { FileTypeInspector } from '@chat/file-type';

const inspector = new FileTypeInspector();
const head = (file: Uint8Array) => file.slice(0, INSPECTED_BYTES);

describe('FileTypeInspector', () => {
  it.each([
    ['PNG', aPng(16, 9), 'image/png'],
    ['JPEG', aJpeg(640, 480), 'image/jpeg'],
    ['GIF', aGif(300, 200), 'image/gif'],
    ['WebP', aWebp(1920, 1080), 'image/webp'],
  ])('tells a %s and its size from its first bytes', async (_name, file, contentType) => {
    const sizes: Record<string, [number, number]> = { 'image/png': [16, 9], 'image/jpeg': [640, 480], 'image/gif': [300, 200], 'image/webp': [1920, 1080] };
    const [width, height] = sizes[contentType]!;

    expect(await inspector.inspect(head(file))).toEqual({ contentType, width, height });
  });

  it('gives a JPEG turned a quarter by its EXIF orientation the size it shows with', async () => {
    expect(await inspector.inspect(aJpeg(640, 480, { orientation: 6 }))).toEqual({ contentType: 'image/jpeg', width: 480, height: 640 });
  });

  it('finds the size of a JPEG behind 200 KiB of metadata, and gives none when it lies past the bytes inspected', async () => {
    expect(await inspector.inspect(head(aJpeg(800, 600, { padding: 200 * 1024 })))).toEqual({ contentType: 'image/jpeg', width: 800, height: 600 });
    expect(await inspector.inspect(head(aJpeg(800, 600, { padding: INSPECTED_BYTES })))).toEqual({ contentType: 'image/jpeg', width: null, height: null });
  });

  it('names other types it knows, without a size (a PDF)', async () => {
    expect(await inspector.inspect(textFile('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'))).toEqual({ contentType: 'application/pdf', width: null, height: null });
  });

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    ['HTML', '<!doctype html><html><script>alert(1)</script></html>'],
    ['plain text', 'just some notes'],
    ['nothing at all', ''],
  ])('calls %s application/octet-stream: nothing that could be shown as a page', async (_name, text) => {
    const kind = await inspector.inspect(textFile(text));

    expect(kind.contentType === 'application/octet-stream' || !kind.contentType.startsWith('image/')).toBe(true);
    expect(kind).toMatchObject({ width: null, height: null });
  });

  it('survives garbage dressed as an image: no size, and no error', async () => {
    for (const cut of [4, 10, 20]) expect(await inspector.inspect(aPng(16, 16).slice(0, cut))).toMatchObject({ width: null, height: null });
    expect(await inspector.inspect(aJpeg(16, 16).slice(0, 24))).toEqual({ contentType: 'image/jpeg', width: null, height: null });
  });
});

import { sanitizeFilename, utf8Length } from '@chat/domain';

describe('sanitizeFilename', () => {
  it.each([
    ['cat.png', 'cat.png'],
    ['C:\\Users\\me\\Desktop\\report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['/abs/path/', 'file'],
    ['', 'file'],
    ['   ', 'file'],
    ['..', 'file'],
    ['tab\there\nnew\u0000line\u007f\u0085.txt', 'tabherenewline.txt'],
    ['invoice\u202Egpj.exe', 'invoicegpj.exe'],
    ['  spaced name .txt  ', 'spaced name .txt'],
    ['e\u0301te\u0301.txt', 'été.txt'],
    ['lone\uD800surrogate.txt', 'lonesurrogate.txt'],
  ])('%j becomes %j', (raw, expected) => {
    expect(sanitizeFilename(raw)).toBe(expected);
  });

  it('cuts a long name to 255 bytes of UTF-8 between characters, keeping its extension', () => {
    const name = sanitizeFilename(`${'日本'.repeat(100)}.jpeg`);

    expect(utf8Length(name)).toBeLessThanOrEqual(255);
    expect(name.endsWith('日.jpeg') || name.endsWith('本.jpeg')).toBe(true);
    expect(sanitizeFilename('😀'.repeat(100))).toBe('😀'.repeat(63));
  });
});

describe('utf8Length', () => {
  it('counts bytes of UTF-8', () => {
    expect(utf8Length('a')).toBe(1);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('日')).toBe(3);
    expect(utf8Length('😀')).toBe(4);
  });
});

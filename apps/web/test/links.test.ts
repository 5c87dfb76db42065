import { linkSegments } from '../src/links.js';

const text = (value: string) => ({ kind: 'text', text: value });
const link = (value: string, href = value) => ({ kind: 'link', text: value, href });

describe('the links the page makes of a message', () => {
  it('keeps a message without links as one piece of text, and an empty one as none', () => {
    expect(linkSegments('just words, www.example.com and example.com')).toEqual([text('just words, www.example.com and example.com')]);
    expect(linkSegments('')).toEqual([]);
  });

  it('makes a link of an http or https URL, anywhere in the message', () => {
    expect(linkSegments('https://example.com/a?b=1#c')).toEqual([link('https://example.com/a?b=1#c')]);
    expect(linkSegments('see http://example.com/x now')).toEqual([text('see '), link('http://example.com/x'), text(' now')]);
    expect(linkSegments('HTTPS://Example.com/Path')).toEqual([link('HTTPS://Example.com/Path', 'https://example.com/Path')]);
  });

  it('finds several links, side by side or on separate lines', () => {
    expect(linkSegments('https://a.example and https://b.example\nhttps://c.example')).toEqual([
      link('https://a.example', 'https://a.example/'),
      text(' and '),
      link('https://b.example', 'https://b.example/'),
      text('\n'),
      link('https://c.example', 'https://c.example/'),
    ]);
  });

  it('leaves the punctuation that ends a sentence out of the link', () => {
    expect(linkSegments('Read https://example.com/page.')).toEqual([text('Read '), link('https://example.com/page'), text('.')]);
    expect(linkSegments('Really? https://example.com/a, https://example.com/b!')).toEqual([
      text('Really? '),
      link('https://example.com/a'),
      text(', '),
      link('https://example.com/b'),
      text('!'),
    ]);
    expect(linkSegments("'https://example.com/q?x=1'...")).toEqual([text("'"), link('https://example.com/q?x=1'), text("'...")]);
  });

  it('leaves out a closing bracket the link did not open, and keeps one it did', () => {
    expect(linkSegments('(see https://example.com/a).')).toEqual([text('(see '), link('https://example.com/a'), text(').')]);
    expect(linkSegments('https://en.wikipedia.org/wiki/Pluto_(planet)')).toEqual([
      link('https://en.wikipedia.org/wiki/Pluto_(planet)', 'https://en.wikipedia.org/wiki/Pluto_(planet)'),
    ]);
    expect(linkSegments('[https://example.com/x]')).toEqual([text('['), link('https://example.com/x'), text(']')]);
  });

  it('makes no link of any other scheme: javascript:, data:, ftp:, mailto: stay text', () => {
    for (const content of ['javascript:alert(1)', 'JavaScript://%0aalert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.com/f', 'mailto:a@example.com']) {
      expect(linkSegments(content)).toEqual([text(content)]);
    }
  });

  it('makes no link of a scheme glued to a word, or of one with no host', () => {
    expect(linkSegments('xhttps://example.com')).toEqual([text('xhttps://example.com')]);
    expect(linkSegments('https:// and http:///x')).toEqual([text('https:// and http:///x')]);
  });

  it('keeps markup around a link as text, stopping the link at < > and "', () => {
    expect(linkSegments('<a href="https://evil.example/x" onclick="alert(1)">click</a>')).toEqual([
      text('<a href="'),
      link('https://evil.example/x'),
      text('" onclick="alert(1)">click</a>'),
    ]);
    expect(linkSegments('<https://example.com/y>')).toEqual([text('<'), link('https://example.com/y'), text('>')]);
  });

  it('gives back the message exactly when its pieces are joined', () => {
    const content = 'a https://x.example/(1) b. <i>https://y.example</i>, javascript:void(0) http://z.example?';
    expect(
      linkSegments(content)
        .map((segment) => segment.text)
        .join(''),
    ).toBe(content);
  });
});

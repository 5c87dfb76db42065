import { codePointLength, contentIssues, isCleanText, MESSAGE_CONTENT } from '@chat/domain';

describe('contentIssues', () => {
  it.each(['a', 'hello world', '  padded  ', 'x'.repeat(MESSAGE_CONTENT.max)])('accepts %#', (content) => {
    expect(contentIssues(content)).toEqual([]);
  });

  it('rejects empty content', () => {
    expect(contentIssues('')).toEqual([{ path: 'content', message: 'must be 1-2000 characters' }]);
  });

  it('rejects 2001 characters', () => {
    expect(contentIssues('x'.repeat(2001))).toEqual([{ path: 'content', message: 'must be 1-2000 characters' }]);
  });

  it('counts code points: 2000 emoji are accepted', () => {
    const content = '😀'.repeat(2000);
    expect(content.length).toBe(4000);
    expect(contentIssues(content)).toEqual([]);
  });

  it('counts code points: 2001 emoji are rejected', () => {
    expect(contentIssues('😀'.repeat(2001))).toEqual([{ path: 'content', message: 'must be 1-2000 characters' }]);
  });

  it.each([' ', '   ', '\n\t ', '\u00A0\u3000'])('rejects whitespace-only content %j', (content) => {
    expect(contentIssues(content)).toEqual([{ path: 'content', message: 'must not be only whitespace' }]);
  });

  it('uses the path it is given', () => {
    expect(contentIssues('', 'body')).toEqual([{ path: 'body', message: 'must be 1-2000 characters' }]);
  });
});

describe('codePointLength', () => {
  it('counts an astral emoji as one', () => {
    expect(codePointLength('a😀b')).toBe(3);
  });

  it('counts each code point of a ZWJ sequence', () => {
    expect(codePointLength('👨‍👩‍👧')).toBe(5);
  });

  it('is zero for the empty string', () => {
    expect(codePointLength('')).toBe(0);
  });
});

describe('isCleanText', () => {
  it.each([['plain', true], ['emoji 👩‍👩‍👧 pair', true], ['nul \u0000', false], ['lone high \ud800', false], ['lone low \udc00', false], ['reversed pair \udc00\ud800', false]])(
    'judges %j',
    (value, clean) => {
      expect(isCleanText(value)).toBe(clean);
    },
  );
});

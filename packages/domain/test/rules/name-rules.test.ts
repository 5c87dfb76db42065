import { channelNameIssues, CHANNEL_NAME, serverNameIssues, SERVER_NAME } from '@chat/domain';

describe.each([
  ['serverNameIssues', serverNameIssues, SERVER_NAME.max],
  ['channelNameIssues', channelNameIssues, CHANNEL_NAME.max],
])('%s', (_name, issuesOf, max) => {
  const tooLong = [{ path: 'name', message: `must be 1-${max} characters after trimming` }];

  it('accepts a one-character name', () => {
    expect(issuesOf('a')).toEqual([]);
  });

  it(`accepts ${max} characters`, () => {
    expect(issuesOf('x'.repeat(max))).toEqual([]);
  });

  it(`accepts ${max} characters surrounded by spaces, since they are trimmed`, () => {
    expect(issuesOf(`   ${'x'.repeat(max)}   `)).toEqual([]);
  });

  it(`counts code points: ${max} emoji are accepted`, () => {
    expect(issuesOf('🎉'.repeat(max))).toEqual([]);
  });

  it(`rejects ${max + 1} characters`, () => {
    expect(issuesOf('x'.repeat(max + 1))).toEqual(tooLong);
  });

  it.each(['', ' ', '\t\n  '])('rejects %j, which is empty after trimming', (name) => {
    expect(issuesOf(name)).toEqual(tooLong);
  });

  it('uses the path it is given', () => {
    expect(issuesOf('', 'title')).toEqual([{ path: 'title', message: `must be 1-${max} characters after trimming` }]);
  });

  it.each([
    ['a right-to-left override', 'evil\u202Egnp.exe'],
    ['a left-to-right embedding', '\u202Aname'],
    ['an isolate', 'a\u2066b\u2069'],
    ['a right-to-left mark', 'name\u200F'],
    ['an Arabic letter mark', '\u061Cname'],
  ])('refuses %s, which reorders what is shown', (_what, name) => {
    expect(issuesOf(name)).toEqual([{ path: 'name', message: 'must not contain bidirectional control characters' }]);
  });

  it.each([
    ['zero-width spaces', '\u200B\u200B'],
    ['joiners', '\u200C\u200D'],
    ['a word joiner and a BOM', '\u2060\uFEFF'],
    ['Hangul fillers', '\u3164\u115F\u1160\uFFA0'],
    ['a Mongolian vowel separator', '\u180E'],
    ['a blank Braille pattern between spaces', ' \u2800 '],
    ['an ideographic space and a soft hyphen', '\u3000\u00AD'],
  ])('refuses a name made only of %s', (_what, name) => {
    expect(issuesOf(name)).toEqual([{ path: 'name', message: 'must contain a visible character' }]);
  });

  it('accepts a visible name with a zero-width joiner inside an emoji', () => {
    expect(issuesOf('👩‍👩‍👧 family')).toEqual([]);
  });

  it.each([['a NUL', 'a\u0000'], ['a lone surrogate', '\ud800']])('refuses %s before anything else', (_what, name) => {
    expect(issuesOf(name)).toEqual([{ path: 'name', message: 'must be valid Unicode text without NUL characters' }]);
  });
});

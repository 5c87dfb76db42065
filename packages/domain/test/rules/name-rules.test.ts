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
});

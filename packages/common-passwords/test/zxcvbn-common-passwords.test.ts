import { PASSWORD } from '@chat/domain';
import { ZxcvbnCommonPasswords } from '@chat/common-passwords';

describe('ZxcvbnCommonPasswords', () => {
  const common = new ZxcvbnCommonPasswords();

  it.each(['password', 'Password', 'PASSWORD', '12345678', 'qwertyuiop', 'iloveyou', 'trustno1', '1qaz2wsx', 'password1'])('counts %j as common', (password) => {
    expect(common.isCommon(password)).toBe(true);
  });

  it.each(['correct horse', 'Tr0ub4dor&3-long', 'a sentence nobody typed before'])('lets %j through', (password) => {
    expect(common.isCommon(password)).toBe(false);
  });

  it(`holds thousands of passwords long enough to pass the length rule (${PASSWORD.min}+)`, () => {
    const long = ['football', 'baseball', 'superman', 'sunshine', 'princess', 'whatever', 'starwars'];
    expect(long.filter((password) => common.isCommon(password))).toEqual(long);
  });
});

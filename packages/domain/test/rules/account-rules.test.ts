import { FakeCommonPasswords } from '@chat/domain/testing';
import { emailIssues, foldIdentifier, newPasswordIssues, normalizeEmail, passwordIssues, PASSWORD, USERNAME, usernameIssues } from '@chat/domain';

describe('usernameIssues', () => {
  it.each(['ab', 'alice', 'A.b_c-9', 'x'.repeat(USERNAME.max)])('accepts %j', (username) => {
    expect(usernameIssues(username)).toEqual([]);
  });

  it.each(['', 'a', 'x'.repeat(USERNAME.max + 1)])('rejects %j for its length', (username) => {
    expect(usernameIssues(username)).toEqual([{ path: 'username', message: 'must be 2-32 characters' }]);
  });

  it.each(['has space', 'at@sign', 'émile', 'emoji👍', 'tab\tname'])('rejects %j for its characters', (username) => {
    expect(usernameIssues(username)).toEqual([
      { path: 'username', message: 'may contain only letters, digits, "_", "." and "-"' },
    ]);
  });
});

describe('emailIssues', () => {
  it.each(['a@b.co', 'Alice.Smith+chat@Example.COM', 'x@mail.example.org'])('accepts %j', (email) => {
    expect(emailIssues(email)).toEqual([]);
  });

  it.each(['', 'alice', 'alice@', '@example.com', 'alice@example', 'alice@@example.com', 'al ice@example.com', 'alice@example.'])(
    'rejects %j',
    (email) => {
      expect(emailIssues(email)).toEqual([{ path: 'email', message: 'must be a valid email address' }]);
    },
  );

  it('rejects an address longer than 254 characters', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`;
    expect(email.length).toBe(255);
    expect(emailIssues(email)).toHaveLength(1);
  });
});

describe('passwordIssues', () => {
  it.each(['x'.repeat(PASSWORD.min), 'x'.repeat(PASSWORD.max), 'correct horse'])('accepts a password of %#', (password) => {
    expect(passwordIssues(password)).toEqual([]);
  });

  it.each(['', 'x'.repeat(PASSWORD.min - 1), 'x'.repeat(PASSWORD.max + 1)])('rejects a password of length %#', (password) => {
    expect(passwordIssues(password)).toEqual([{ path: 'password', message: 'must be 8-128 characters' }]);
  });

  it('counts code points, so eight emoji are long enough', () => {
    expect(passwordIssues('🔑'.repeat(8))).toEqual([]);
    expect(passwordIssues('🔑'.repeat(7))).toHaveLength(1);
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Alice@Example.COM ')).toBe('alice@example.com');
  });

  it('folds fullwidth letters, the Kelvin sign and ligatures into the plain address', () => {
    expect(normalizeEmail('ＫＡＴＥ@example.com')).toBe('kate@example.com');
    expect(normalizeEmail('\u212Aate@example.com')).toBe('kate@example.com');
    expect(normalizeEmail('ﬁona@example.com')).toBe('fiona@example.com');
  });
});

describe('foldIdentifier', () => {
  it.each([['Kate'], [' kate '], ['\u212Aate'], ['ｋａｔｅ'], ['ＫＡＴＥ']])('folds %j to kate', (name) => {
    expect(foldIdentifier(name)).toBe('kate');
  });
});

describe('newPasswordIssues', () => {
  const common = new FakeCommonPasswords(['password', 'iloveyou']);

  it('refuses a password on the list, whatever its case, naming the field', () => {
    expect(newPasswordIssues('PassWord', common, 'newPassword')).toEqual([{ path: 'newPassword', message: 'is too common: it is on lists of leaked passwords' }]);
  });

  it('checks the length first', () => {
    expect(newPasswordIssues('short', common)).toEqual([{ path: 'password', message: 'must be 8-128 characters' }]);
  });

  it('accepts a long enough password that is not on the list', () => {
    expect(newPasswordIssues('correct horse', common)).toEqual([]);
  });
});

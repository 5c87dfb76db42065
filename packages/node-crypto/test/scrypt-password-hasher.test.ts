import { ScryptPasswordHasher } from '@chat/node-crypto';

describe('ScryptPasswordHasher', () => {
  const hasher = new ScryptPasswordHasher(2 ** 10);

  it('verifies the password it hashed and nothing else', async () => {
    const hash = await hasher.hash('correct horse battery');
    expect(await hasher.verify('correct horse battery', hash)).toBe(true);
    expect(await hasher.verify('correct horse batterY', hash)).toBe(false);
  });

  it('never stores the password and salts every hash', async () => {
    const [a, b] = [await hasher.hash('same password'), await hasher.hash('same password')];
    expect(a).not.toContain('same password');
    expect(a).not.toEqual(b);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$/);
  });

  it('verifies hashes made at another cost', async () => {
    const stronger = await new ScryptPasswordHasher(2 ** 12).hash('pässword');
    expect(await hasher.verify('pässword', stronger)).toBe(true);
  });

  it('rejects malformed hashes instead of throwing', async () => {
    expect(await hasher.verify('x', 'not-a-hash')).toBe(false);
    expect(await hasher.verify('x', 'bcrypt$1$2$3$4$5')).toBe(false);
    expect(await hasher.verify('x', 'scrypt$1000$8$1$c2FsdA==$a2V5')).toBe(false);
    expect(await hasher.verify('x', 'scrypt$1073741824$8$1$c2FsdA==$a2V5')).toBe(false);
    expect(await hasher.verify('x', 'scrypt$1024$8$999$c2FsdA==$a2V5')).toBe(false);
  });

  it('spends a real verification, at its own cost, on an unknown account', async () => {
    const verify = jest.spyOn(hasher, 'verify');
    await expect(hasher.verifyNothing('anything')).resolves.toBeUndefined();
    // A whole scrypt verification against a hash made at this hasher's cost: as long as a real one.
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledWith('anything', expect.stringMatching(/^scrypt\$1024\$8\$1\$[^$]+\$[^$]+$/));
    verify.mockRestore();
  });
});

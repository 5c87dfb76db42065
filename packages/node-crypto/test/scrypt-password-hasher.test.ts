import crypto from 'node:crypto';
import { PasswordHashingBusy, ScryptPasswordHasher } from '@chat/node-crypto';

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

  it('refuses, without running it, a planted hash that asks for too much memory or work', async () => {
    const key = Buffer.alloc(32).toString('base64');
    const derive = jest.spyOn(crypto, 'scrypt');
    // 2^20 · 32 · 128 bytes = 4 GiB; 2^17 · 8 · 128 = 128 MiB but 2^17 · 8 · 2 is 8 times the work.
    for (const params of ['1048576$32$1', '262144$8$1', '131072$8$2', '1024$8$1.5']) {
      expect(await hasher.verify('x', `scrypt$${params}$c2FsdA==$${key}`)).toBe(false);
    }
    expect(derive).not.toHaveBeenCalled();
    // At the bounds it still runs: 2^17 · 8 · 128 = 128 MiB, 2^20 of work.
    expect(await hasher.verify('x', `scrypt$131072$8$1$c2FsdA==$${key}`)).toBe(false);
    expect(derive).toHaveBeenCalledTimes(1);
    derive.mockRestore();
  });

  it('spends a real verification, at its own cost, on an unknown account', async () => {
    const verify = jest.spyOn(hasher, 'verify');
    await expect(hasher.verifyNothing('anything')).resolves.toBeUndefined();
    // A whole scrypt verification against a hash made at this hasher's cost: as long as a real one.
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify).toHaveBeenCalledWith('anything', expect.stringMatching(/^scrypt\$1024\$8\$1\$[^$]+\$[^$]+$/));
    verify.mockRestore();
  });

  it('runs at most `concurrency` hashes at once; the rest wait their turn', async () => {
    const original = crypto.scrypt;
    let inFlight = 0;
    let most = 0;
    const derive = jest.spyOn(crypto, 'scrypt').mockImplementation(((...args: Parameters<typeof crypto.scrypt>) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      const done = args[args.length - 1] as (error: Error | null, key: Buffer) => void;
      const rest = args.slice(0, -1) as unknown as [string, Buffer, number, crypto.ScryptOptions];
      original(...rest, (error, key) => {
        inFlight -= 1;
        done(error, key);
      });
    }) as typeof crypto.scrypt);
    const gated = new ScryptPasswordHasher(2 ** 10, 2);
    const hashes = await Promise.all(Array.from({ length: 8 }, (_, i) => gated.hash(`password ${i}`)));

    expect(most).toBe(2);
    expect(new Set(hashes).size).toBe(8);
    expect(derive).toHaveBeenCalledTimes(9); // and the dummy hash for unknown accounts
    derive.mockRestore();
  });

  it('refuses at once, with PasswordHashingBusy, a hash beyond `queue` waiting; the others finish', async () => {
    const gated = new ScryptPasswordHasher(2 ** 10, 1, 2);
    const attempts = Array.from({ length: 6 }, (_, i) => gated.hash(`password ${i}`));
    const settled = await Promise.allSettled(attempts);

    // The dummy hash (for unknown accounts) is running; two may wait behind it; the other four are refused.
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected', 'rejected']);
    const refused = settled[5];
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(PasswordHashingBusy);
    expect(refused?.status === 'rejected' && refused.reason).toMatchObject({ status: 503, retryAfterSeconds: 1 });
    // Room again once the queue drained.
    expect(await gated.verify('password 0', await gated.hash('password 0'))).toBe(true);
  });
});

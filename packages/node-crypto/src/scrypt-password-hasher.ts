import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHasher } from '@chat/domain';

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * scrypt, memory-hard: the default cost N=2^15, r=8 needs 32 MiB per hash. The stored string keeps
 * its own parameters (`scrypt$N$r$p$salt$key`), so raising the cost later still verifies old hashes.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  private readonly dummy: Promise<string>;

  constructor(private readonly cost: number = 2 ** 15) {
    this.dummy = this.hash(randomBytes(12).toString('hex'));
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const options = { N: this.cost, r: 8, p: 1, maxmem: 256 * this.cost * 8 };
    const key = await derive(password, salt, options);
    return ['scrypt', options.N, options.r, options.p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  async verify(password: string, hash: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = hash.split('$');
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
    const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * Number(n) * Number(r) };
    // Parameters come from storage: only sane ones are run, so a bad row cannot exhaust the host.
    const powerOfTwo = Number.isInteger(options.N) && options.N >= 2 && (options.N & (options.N - 1)) === 0;
    if (!powerOfTwo || options.N > 2 ** 20 || !(options.r >= 1 && options.r <= 32) || !(options.p >= 1 && options.p <= 16)) return false;
    const expected = Buffer.from(key, 'base64');
    const actual = await derive(password, Buffer.from(salt, 'base64'), options);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  async verifyNothing(password: string): Promise<void> {
    await this.verify(password, await this.dummy);
  }
}

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
 * The most a stored hash may ask for: 128 MiB of memory (scrypt needs 128·N·r bytes; the default
 * asks 32 MiB) and four times the default's work (N·r·p). A hash beyond either is refused unrun.
 */
export const SCRYPT_BOUNDS = { maxMemoryBytes: 128 * 1024 * 1024, maxWork: 2 ** 20 } as const;

function withinBounds({ N, r, p }: { N: number; r: number; p: number }): boolean {
  const powerOfTwo = Number.isInteger(N) && N >= 2 && (N & (N - 1)) === 0;
  if (!powerOfTwo || !Number.isInteger(r) || r < 1 || !Number.isInteger(p) || p < 1) return false;
  return 128 * N * r <= SCRYPT_BOUNDS.maxMemoryBytes && N * r * p <= SCRYPT_BOUNDS.maxWork;
}

/**
 * Password hashing is at capacity: as many hashes wait as may. `status` 503 says to the HTTP edge
 * what it is (a moment's overload, not a bug): retry after `retryAfterSeconds`.
 */
export class PasswordHashingBusy extends Error {
  readonly status = 503;
  readonly retryAfterSeconds = 1;
  constructor() {
    super('password hashing is at capacity');
    this.name = 'PasswordHashingBusy';
  }
}

/**
 * At most `limit` tasks at once; at most `maxWaiting` more wait, in arrival order, and any beyond
 * those are refused at once (`PasswordHashingBusy`) rather than held for longer than a client waits.
 * scrypt runs on libuv's thread pool (4 threads by default), which WebCrypto's HMAC, and so every
 * token check, also uses: unbounded, a burst of logins would queue every new token's check behind it.
 */
class Gate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.maxWaiting) throw new PasswordHashingBusy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** How many scrypt computations run at once by default: half of libuv's default pool. */
export const DEFAULT_SCRYPT_CONCURRENCY = 2;

/** How many hashes may wait for their turn by default: at ~40 hashes a second, a few seconds' worth. */
export const DEFAULT_SCRYPT_QUEUE = 100;

/**
 * scrypt, memory-hard: the default cost N=2^15, r=8 needs 32 MiB per hash. The stored string keeps
 * its own parameters (`scrypt$N$r$p$salt$key`), so raising the cost later still verifies old hashes.
 */
export class ScryptPasswordHasher implements PasswordHasher {
  private readonly dummy: Promise<string>;
  private readonly gate: Gate;

  /**
   * `concurrency`: how many hashes run at once, so token checks keep threads to run on; `queue`: how
   * many more may wait (beyond that, `PasswordHashingBusy`).
   */
  constructor(
    private readonly cost: number = 2 ** 15,
    concurrency: number = DEFAULT_SCRYPT_CONCURRENCY,
    queue: number = DEFAULT_SCRYPT_QUEUE,
  ) {
    this.gate = new Gate(concurrency, queue);
    this.dummy = this.hash(randomBytes(12).toString('hex'));
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_LENGTH);
    const options = { N: this.cost, r: 8, p: 1, maxmem: 256 * this.cost * 8 };
    const key = await this.gate.run(() => derive(password, salt, options));
    return ['scrypt', options.N, options.r, options.p, salt.toString('base64'), key.toString('base64')].join('$');
  }

  async verify(password: string, hash: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = hash.split('$');
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
    const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * Number(n) * Number(r) };
    // Parameters come from storage: only sane ones are run, so a planted row cannot exhaust the host.
    if (!withinBounds(options)) return false;
    const expected = Buffer.from(key, 'base64');
    if (expected.length !== KEY_LENGTH) return false;
    const actual = await this.gate.run(() => derive(password, Buffer.from(salt, 'base64'), options));
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  async verifyNothing(password: string): Promise<void> {
    await this.verify(password, await this.dummy);
  }
}

import type { PasswordHasher } from '../src';

/** Reversible on purpose: fast for unit tests. Never wired outside tests. */
export class FakePasswordHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    return `fake-hash:${password}`;
  }

  async verify(password: string, hash: string): Promise<boolean> {
    return hash === `fake-hash:${password}`;
  }

  async verifyNothing(): Promise<void> {}
}

import type { OpaqueTokens } from '../src';

/** Predictable secrets for unit tests: `secret-1`, `secret-2`…, "hashed" by a visible prefix. */
export class FakeOpaqueTokens implements OpaqueTokens {
  private counter = 0;

  generate(): string {
    this.counter += 1;
    return `secret-${this.counter}`;
  }

  hash(token: string): string {
    return `hashed:${token}`;
  }

  matches(token: string, hash: string): boolean {
    return this.hash(token) === hash;
  }
}

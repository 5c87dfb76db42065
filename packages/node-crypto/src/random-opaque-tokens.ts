import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { OpaqueTokens } from '@chat/domain';

/**
 * 256 random bits, base64url. Such a secret cannot be guessed, so a fast SHA-256 is the right hash
 * for it (a password hash would only slow the token endpoint down).
 */
export class RandomOpaqueTokens implements OpaqueTokens {
  generate(): string {
    return randomBytes(32).toString('base64url');
  }

  hash(token: string): string {
    return createHash('sha256').update(token).digest('base64url');
  }

  matches(token: string, hash: string): boolean {
    const actual = Buffer.from(this.hash(token));
    const expected = Buffer.from(hash);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}

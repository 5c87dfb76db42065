/** Random, unguessable strings (client secrets, refresh tokens) and the hash under which they are kept. */
export interface OpaqueTokens {
  generate(): string;
  /** Deterministic: the same token always hashes the same, so it can be looked up by hash. */
  hash(token: string): string;
  /** Compares a token with a stored hash in constant time. */
  matches(token: string, hash: string): boolean;
}

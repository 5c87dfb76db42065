export type Claim =
  | { readonly kind: 'claimed' }
  /** The same key is being answered for another request right now. */
  | { readonly kind: 'in-flight' }
  /** The key was used for a different request (another method, path or body). */
  | { readonly kind: 'mismatch' }
  | { readonly kind: 'done'; readonly status: number; readonly body: string | null };

/**
 * Where `Idempotency-Key`s live: the database (so every replica sees them), or memory for tests. A
 * claim is keyed by user and key; its fingerprint names the request it was made for. The HTTP edge's
 * port, not a use case's.
 */
export interface IdempotencyStore {
  claim(userId: string, key: string, fingerprint: string, now: Date): Promise<Claim>;
  complete(userId: string, key: string, status: number, body: string | null): Promise<void>;
  release(userId: string, key: string): Promise<void>;
}

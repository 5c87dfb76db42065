import { createHash, webcrypto } from 'node:crypto';
import type { Actor, TokenService } from '@chat/domain';
import { SignJWT, decodeProtectedHeader, errors, jwtVerify } from 'jose';

/** How many verified tokens each process remembers: about 400 bytes each. */
const VERIFIED_CACHE_SIZE = 10_000;

export interface JoseTokenOptions {
  /** At least 32 bytes; shared by every replica. Signs every new token. */
  readonly secret: string;
  /** The secret before a rotation: still accepted, never used to sign, so nobody is logged out. */
  readonly previousSecret?: string;
  readonly ttlSeconds: number;
  readonly issuer?: string;
  readonly audience?: string;
}

/** Only this algorithm is ever accepted: `alg: none` and algorithm confusion fail verification. */
const ALGORITHMS = ['HS256'];
export const MIN_SECRET_BYTES = 32;
/** A bot's token names the user who owns it (`Actor.botOwnerId`). */
const BOT_OWNER_CLAIM = 'bot_owner';

export interface SigningKey {
  readonly kid: string;
  readonly key: webcrypto.CryptoKey;
}

/** Imports a key once: re-importing it per verify doubles the cost of every request. */
export async function importKey(secret: string): Promise<SigningKey> {
  const bytes = new TextEncoder().encode(secret);
  if (bytes.byteLength < MIN_SECRET_BYTES) throw new RangeError(`the token secret must be at least ${MIN_SECRET_BYTES} bytes`);
  const key = await webcrypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // The key id names the key without revealing it: a hash of a 256-bit secret.
  const kid = createHash('sha256').update(`kid:${secret}`).digest('base64url').slice(0, 12);
  return { kid, key };
}

export class JoseTokenService implements TokenService {
  /**
   * Tokens whose signature and claims held, with their expiry: a signature check is a pure function
   * of the token and the keys, so it is remembered, not shared state. Only the exact same string hits;
   * expiry is checked on every use, and revocation is the session's business, checked by the caller.
   */
  private readonly verified = new Map<string, { readonly actor: Actor; readonly expiresAtMs: number }>();

  private constructor(
    private readonly current: SigningKey,
    private readonly previous: SigningKey | null,
    private readonly options: { issuer: string; audience: string; ttlSeconds: number },
  ) {}

  static async create({ secret, previousSecret, ...options }: JoseTokenOptions): Promise<JoseTokenService> {
    const current = await importKey(secret);
    const previous = previousSecret ? await importKey(previousSecret) : null;
    return new JoseTokenService(current, previous, { issuer: 'chat-api', audience: 'chat-api', ...options });
  }

  get lifetimeSeconds(): number {
    return this.options.ttlSeconds;
  }

  issue(actor: Actor, ttlSeconds = this.options.ttlSeconds): Promise<string> {
    return new SignJWT({ sid: actor.sessionId, ...(actor.botOwnerId !== undefined ? { [BOT_OWNER_CLAIM]: actor.botOwnerId } : {}) })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: this.current.kid })
      .setSubject(actor.userId)
      .setIssuer(this.options.issuer)
      .setAudience(this.options.audience)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(this.current.key);
  }

  async verify(token: string): Promise<Actor | null> {
    const known = this.verified.get(token);
    if (known) {
      if (Date.now() < known.expiresAtMs) return known.actor;
      this.verified.delete(token);
    }
    const checked = await this.check(token);
    if (!checked) return null;
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, checked);
    return checked.actor;
  }

  private async check(token: string): Promise<{ actor: Actor; expiresAtMs: number } | null> {
    const checked = await this.verifyWith(token, this.keyFor(token));
    // Tokens signed before keys had ids carry no kid: during a rotation they may be the old key's.
    if (checked || !this.previous || this.kidOf(token) !== undefined) return checked;
    return this.verifyWith(token, this.previous.key);
  }

  private async verifyWith(token: string, key: webcrypto.CryptoKey): Promise<{ actor: Actor; expiresAtMs: number } | null> {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ALGORITHMS,
        issuer: this.options.issuer,
        audience: this.options.audience,
        requiredClaims: ['sub', 'sid', 'exp'],
      });
      const { sub, sid, exp, [BOT_OWNER_CLAIM]: owner } = payload;
      if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return null;
      const actor: Actor = typeof owner === 'string' ? { userId: sub, sessionId: sid, botOwnerId: owner } : { userId: sub, sessionId: sid };
      return { actor, expiresAtMs: exp * 1000 };
    } catch (error) {
      // A token that fails any check is simply not a token; anything else is a real fault.
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  /** The key the token names; a token without a kid (or a malformed one) is tried with the current key. */
  private keyFor(token: string): webcrypto.CryptoKey {
    return this.previous && this.kidOf(token) === this.previous.kid ? this.previous.key : this.current.key;
  }

  private kidOf(token: string): unknown {
    try {
      return decodeProtectedHeader(token).kid;
    } catch {
      return undefined; // not even a JWT header: jwtVerify rejects it with the reason
    }
  }
}

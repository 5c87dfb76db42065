import { createHash, randomBytes } from 'node:crypto';
import type { DeviceTokens } from '@chat/domain';
import { SignJWT, errors, jwtVerify } from 'jose';
import { importKey, type SigningKey } from './jose-token-service';

export interface JoseDeviceTokenOptions {
  /** The access tokens' secret (and the one before a rotation): a device token is told apart by its type and audience. */
  readonly secret: string;
  readonly previousSecret?: string;
  /** How long a client stays known without logging in again; a year by default. */
  readonly ttlSeconds?: number;
}

const TYPE = 'device+jwt';
const AUDIENCE = 'chat-api:device';
const ISSUER = 'chat-api';
const YEAR_SECONDS = 365 * 24 * 3600;

/** The token names the account by hashes of its login names: a leaked token does not show the email. */
const hashOf = (loginName: string): string => createHash('sha256').update(loginName).digest('base64url');

/**
 * Device tokens as HS256 JWTs (`typ: device+jwt`, audience `chat-api:device`), so an access token is
 * never taken for one, nor one for an access token (whose audience is `chat-api`). Checking one is an
 * HMAC with keys imported once: cheap enough to run before a password is hashed.
 */
export class JoseDeviceTokens implements DeviceTokens {
  private constructor(
    private readonly keys: readonly SigningKey[],
    private readonly ttlSeconds: number,
  ) {}

  static async create({ secret, previousSecret, ttlSeconds = YEAR_SECONDS }: JoseDeviceTokenOptions): Promise<JoseDeviceTokens> {
    const keys = [await importKey(secret), ...(previousSecret ? [await importKey(previousSecret)] : [])];
    return new JoseDeviceTokens(keys, ttlSeconds);
  }

  issue(loginNames: readonly string[]): Promise<string> {
    const [current] = this.keys as [SigningKey];
    return new SignJWT({ acct: loginNames.map(hashOf) })
      .setProtectedHeader({ alg: 'HS256', typ: TYPE, kid: current.kid })
      .setJti(randomBytes(16).toString('base64url'))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(current.key);
  }

  async recognize(token: string, loginName: string): Promise<string | null> {
    for (const { key } of this.keys) {
      const device = await this.check(token, key, hashOf(loginName));
      if (device !== undefined) return device;
    }
    return null;
  }

  /** The device id; null for a genuine token of another account; undefined when this key did not sign it. */
  private async check(token: string, key: SigningKey['key'], account: string): Promise<string | null | undefined> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], typ: TYPE, issuer: ISSUER, audience: AUDIENCE, requiredClaims: ['jti', 'exp'] });
      const { jti, acct } = payload;
      if (typeof jti !== 'string' || !Array.isArray(acct)) return null;
      return acct.includes(account) ? jti : null;
    } catch (error) {
      // Forged, expired, malformed: not a device token, so the login is an unknown client's.
      if (error instanceof errors.JOSEError) return undefined;
      throw error;
    }
  }
}

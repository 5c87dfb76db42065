import type { Id } from '../ids';
import type { UserSummary } from './user';

/** A bot application: OAuth2 client credentials for its own bot user. */
export interface Application {
  readonly id: Id;
  readonly name: string;
  readonly ownerId: Id;
  readonly botUserId: Id;
  /** Public identifier for the token endpoint; the same as the id. */
  readonly clientId: string;
  /** The secret is shown once; only its hash is kept. */
  readonly clientSecretHash: string;
  readonly createdAt: Date;
}

export interface ApplicationView {
  readonly id: Id;
  readonly name: string;
  readonly clientId: string;
  readonly bot: UserSummary;
}

/** A refresh token, kept by hash. Every token of one grant shares a family: the family is a session. */
export interface RefreshToken {
  readonly tokenHash: string;
  readonly familyId: Id;
  readonly applicationId: Id;
  readonly userId: Id;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

export interface TokenPair {
  readonly accessToken: string;
  readonly expiresIn: number;
  readonly refreshToken: string;
}

export const ACCESS_TOKEN_TTL_SECONDS = 900;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

import type { Id } from '../ids';

export interface User {
  readonly id: Id;
  readonly username: string;
  /** Stored folded (`normalizeEmail`: NFKC, lower case): addresses are unique in that form. */
  readonly email: string;
  readonly passwordHash: string;
  /** A bot belongs to an application and signs in only through the OAuth2 token endpoint. */
  readonly bot: boolean;
  readonly createdAt: Date;
}

/** The public face of a user, as other users see it. */
export interface UserSummary {
  readonly id: Id;
  readonly username: string;
}

export const summarizeUser = (user: User): UserSummary => ({ id: user.id, username: user.username });

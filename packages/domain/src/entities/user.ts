import type { Id } from '../ids';

export interface User {
  readonly id: Id;
  readonly username: string;
  /** Shown instead of the username where set: 1-32 characters after trimming, stored trimmed. */
  readonly displayName: string | null;
  /** An `https` URL of an image elsewhere (as a server's avatar), or null. */
  readonly avatar: string | null;
  /** Stored folded (`normalizeEmail`: NFKC, lower case): addresses are unique in that form. */
  readonly email: string;
  readonly passwordHash: string;
  /** A bot belongs to an application and signs in only through the OAuth2 token endpoint. */
  readonly bot: boolean;
  readonly createdAt: Date;
}

/** The public face of a user, as other users see it: wherever a user is named (an author, a member, a ban). */
export interface UserSummary {
  readonly id: Id;
  readonly username: string;
  readonly displayName: string | null;
  readonly avatar: string | null;
}

export const summarizeUser = (user: UserSummary): UserSummary => ({ id: user.id, username: user.username, displayName: user.displayName, avatar: user.avatar });

/** What a user may change about their own account (`PATCH /api/users/@me`); a field left out stays. */
export interface AccountChanges {
  readonly username?: string;
  readonly displayName?: string | null;
  readonly avatar?: string | null;
}

/** A user as those who share a server with them see them (`GET /api/users/:id`). */
export interface UserProfile extends UserSummary {
  readonly bot: boolean;
}

export const profileOf = (user: User): UserProfile => ({ ...summarizeUser(user), bot: user.bot });

/** The account as its owner sees it (`GET /api/users/@me`): everything but the password's hash. */
export type Account = Omit<User, 'passwordHash'>;

export const accountOf = ({ passwordHash: _, ...account }: User): Account => account;

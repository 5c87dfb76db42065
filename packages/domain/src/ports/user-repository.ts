import type { AccountChanges, User, UserSummary } from '../entities/user';
import type { Id } from '../ids';

export type CreateUserOutcome = 'created' | 'UsernameTaken' | 'EmailTaken';

export interface UserRepository {
  /** Usernames and emails are unique case-insensitively; a clash is an outcome, not an error. */
  create(user: User): Promise<CreateUserOutcome>;
  findById(id: Id): Promise<User | null>;
  /**
   * Reads the user and orders the rest of this unit of work after every other unit that holds the
   * same user, until it ends: what one user owns is counted and added to one unit at a time, so
   * racing creations cannot pass a quota together. Other readers and writers do not wait.
   */
  hold(id: Id): Promise<User | null>;
  setPasswordHash(id: Id, passwordHash: string): Promise<void>;
  findSummary(id: Id): Promise<UserSummary | null>;
  findByEmail(email: string): Promise<User | null>;
  findByUsername(username: string): Promise<User | null>;
  /**
   * Changes the given fields (the others stay) and answers the user as they are now; `UsernameTaken`
   * when another user holds the username (in any case), changing nothing; null for an unknown id.
   * Inside a unit of work a clash leaves the unit usable.
   */
  update(id: Id, changes: AccountChanges): Promise<User | 'UsernameTaken' | null>;
  /**
   * Whether `viewerId` may see `userId`'s profile: the same user, or the two share a server or a
   * direct conversation. The one place that question is answered.
   */
  sharesWith(viewerId: Id, userId: Id): Promise<boolean>;
}

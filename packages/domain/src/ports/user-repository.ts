import type { User, UserSummary } from '../entities/user';
import type { Id } from '../ids';

export type CreateUserOutcome = 'created' | 'UsernameTaken' | 'EmailTaken';

export interface UserRepository {
  /** Usernames and emails are unique case-insensitively; a clash is an outcome, not an error. */
  create(user: User): Promise<CreateUserOutcome>;
  findById(id: Id): Promise<User | null>;
  findSummary(id: Id): Promise<UserSummary | null>;
  findByEmail(email: string): Promise<User | null>;
  findByUsername(username: string): Promise<User | null>;
}

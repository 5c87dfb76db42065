import { summarizeUser, type AccountChanges, type CreateUserOutcome, type User, type UserRepository, type UserSummary } from '../src';
import type { MemoryState } from './memory-state';

export class InMemoryUserRepository implements UserRepository {
  constructor(private readonly state: MemoryState) {}

  async create(user: User): Promise<CreateUserOutcome> {
    const name = user.username.toLowerCase();
    const email = user.email.toLowerCase();
    if (this.state.usersByName.has(name)) return 'UsernameTaken';
    if (this.state.usersByEmail.has(email)) return 'EmailTaken';
    this.state.users.set(user.id, user);
    this.state.usersByName.set(name, user);
    this.state.usersByEmail.set(email, user);
    return 'created';
  }

  async findById(id: string): Promise<User | null> {
    return this.state.users.get(id) ?? null;
  }

  async hold(id: string): Promise<User | null> {
    // One thread: nothing runs between this unit's awaits that a lock would have kept out.
    return this.findById(id);
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    const user = this.state.users.get(id);
    if (user) this.replace(user, { ...user, passwordHash });
  }

  async update(id: string, changes: AccountChanges): Promise<User | 'UsernameTaken' | null> {
    const user = this.state.users.get(id);
    if (!user) return null;
    const holder = changes.username === undefined ? undefined : this.state.usersByName.get(changes.username.toLowerCase());
    if (holder && holder.id !== id) return 'UsernameTaken';
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const updated: User = { ...user, ...defined };
    this.replace(user, updated);
    return updated;
  }

  async sharesWith(viewerId: string, userId: string): Promise<boolean> {
    return this.state.sharesWith(viewerId, userId);
  }

  /** The user's row and both of its indexes, the name's under its new key. */
  private replace(user: User, updated: User): void {
    this.state.users.set(user.id, updated);
    this.state.usersByName.delete(user.username.toLowerCase());
    this.state.usersByName.set(updated.username.toLowerCase(), updated);
    this.state.usersByEmail.set(user.email.toLowerCase(), updated);
  }

  async findSummary(id: string): Promise<UserSummary | null> {
    const user = this.state.users.get(id);
    return user ? summarizeUser(user) : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    return this.state.usersByEmail.get(email.toLowerCase()) ?? null;
  }

  async findByUsername(username: string): Promise<User | null> {
    return this.state.usersByName.get(username.toLowerCase()) ?? null;
  }
}

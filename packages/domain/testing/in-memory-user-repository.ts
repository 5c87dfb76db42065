import type { CreateUserOutcome, User, UserRepository, UserSummary } from '../src';
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
    if (!user) return;
    const updated = { ...user, passwordHash };
    this.state.users.set(id, updated);
    this.state.usersByName.set(user.username.toLowerCase(), updated);
    this.state.usersByEmail.set(user.email.toLowerCase(), updated);
  }

  async findSummary(id: string): Promise<UserSummary | null> {
    const user = this.state.users.get(id);
    return user ? { id: user.id, username: user.username } : null;
  }

  async findByEmail(email: string): Promise<User | null> {
    return this.state.usersByEmail.get(email.toLowerCase()) ?? null;
  }

  async findByUsername(username: string): Promise<User | null> {
    return this.state.usersByName.get(username.toLowerCase()) ?? null;
  }
}

import type { CreateUserOutcome, User, UserRepository, UserSummary } from '@chat/domain';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { isUniqueViolation } from '../driver-errors';
import type { Database } from '../schema';
import { toUser } from './rows';

export class KyselyUserRepository implements UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(user: User): Promise<CreateUserOutcome> {
    try {
      await this.db
        .insertInto('users')
        .values({ id: user.id, username: user.username, email: user.email, password_hash: user.passwordHash, bot: user.bot, created_at: user.createdAt })
        .execute();
      return 'created';
    } catch (error) {
      // The unique indexes decide races between replicas; the loser gets an outcome, not a 500.
      if (isUniqueViolation(error, 'users_username_lower_key')) return 'UsernameTaken';
      if (isUniqueViolation(error, 'users_email_lower_key')) return 'EmailTaken';
      throw error;
    }
  }

  findById(id: string): Promise<User | null> {
    return this.findWhere(sql<boolean>`id = ${id}`);
  }

  async hold(id: string): Promise<User | null> {
    // NO KEY UPDATE: holders of one user queue behind each other, while rows that merely point at
    // the user (messages, members: their key-share locks) go on being written meanwhile.
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }

  async findSummary(id: string): Promise<UserSummary | null> {
    const row = await this.db.selectFrom('users').select(['id', 'username']).where('id', '=', id).executeTakeFirst();
    return row ?? null;
  }

  findByEmail(email: string): Promise<User | null> {
    return this.findWhere(sql<boolean>`lower(email) = lower(${email})`);
  }

  findByUsername(username: string): Promise<User | null> {
    return this.findWhere(sql<boolean>`lower(username) = lower(${username})`);
  }

  private async findWhere(condition: RawBuilder<boolean>): Promise<User | null> {
    const row = await this.db.selectFrom('users').selectAll().where(condition).executeTakeFirst();
    return row ? toUser(row) : null;
  }
}

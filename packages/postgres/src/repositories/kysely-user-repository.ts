import type { AccountChanges, CreateUserOutcome, User, UserRepository, UserSummary } from '@chat/domain';
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { isUniqueViolation } from '../driver-errors';
import type { Database, UsersTable } from '../schema';
import { summaryOf, toUser } from './rows';

export class KyselyUserRepository implements UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(user: User): Promise<CreateUserOutcome> {
    try {
      await this.db
        .insertInto('users')
        .values({ id: user.id, username: user.username, display_name: user.displayName, avatar: user.avatar, email: user.email, password_hash: user.passwordHash, bot: user.bot, created_at: user.createdAt })
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
    const row = await this.db.selectFrom('users').select(['id', 'username', 'display_name', 'avatar']).where('id', '=', id).executeTakeFirst();
    return row ? summaryOf(row, row.id) : null;
  }

  findByEmail(email: string): Promise<User | null> {
    return this.findWhere(sql<boolean>`lower(email) = lower(${email})`);
  }

  findByUsername(username: string): Promise<User | null> {
    return this.findWhere(sql<boolean>`lower(username) = lower(${username})`);
  }

  async update(id: string, changes: AccountChanges): Promise<User | 'UsernameTaken' | null> {
    const set = {
      ...(changes.username !== undefined ? { username: changes.username } : {}),
      ...(changes.displayName !== undefined ? { display_name: changes.displayName } : {}),
      ...(changes.avatar !== undefined ? { avatar: changes.avatar } : {}),
    };
    const write = (db: Kysely<Database>) => db.updateTable('users').set(set).where('id', '=', id).returningAll().executeTakeFirst();
    // The unique index decides a race for a name; in a unit of work, a savepoint keeps the clash
    // from aborting the unit (PostgreSQL refuses every later statement of a failed transaction).
    const row = await (this.db.isTransaction ? withSavepoint(this.db, write) : orTaken(write(this.db)));
    if (row === 'UsernameTaken') return row;
    return row ? toUser(row) : null;
  }

  async sharesWith(viewerId: string, userId: string): Promise<boolean> {
    if (viewerId === userId) return true;
    // From the viewer's few memberships and conversations (by user), each probed by the primary key.
    const { rows } = await sql<{ shares: boolean }>`
      select exists (
        select 1 from members mine join members theirs on theirs.server_id = mine.server_id and theirs.user_id = ${userId}
        where mine.user_id = ${viewerId}
      ) or exists (
        select 1 from conversation_recipients mine
        join conversation_recipients theirs on theirs.conversation_id = mine.conversation_id and theirs.user_id = ${userId}
        where mine.user_id = ${viewerId}
      ) as shares`.execute(this.db);
    return rows[0]?.shares === true;
  }


  private async findWhere(condition: RawBuilder<boolean>): Promise<User | null> {
    const row = await this.db.selectFrom('users').selectAll().where(condition).executeTakeFirst();
    return row ? toUser(row) : null;
  }
}

type Written = Selectable<UsersTable> | undefined;

/** A write's row, or `UsernameTaken` when the username's unique index refused it. */
async function orTaken(write: Promise<Written>): Promise<Written | 'UsernameTaken'> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error, 'users_username_lower_key')) return 'UsernameTaken';
    throw error;
  }
}

/** `write` inside the caller's transaction, undone alone if the username is taken. */
async function withSavepoint(trx: Kysely<Database>, write: (db: Kysely<Database>) => Promise<Written>): Promise<Written | 'UsernameTaken'> {
  await sql`savepoint user_update`.execute(trx);
  const row = await orTaken(write(trx));
  await (row === 'UsernameTaken' ? sql`rollback to savepoint user_update` : sql`release savepoint user_update`).execute(trx);
  return row;
}

import type { Session, SessionRepository } from '@chat/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export class KyselySessionRepository implements SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(session: Session): Promise<void> {
    await this.db.insertInto('sessions').values({ id: session.id, user_id: session.userId, created_at: session.createdAt }).execute();
  }

  async find(id: string): Promise<Session | null> {
    const row = await this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { id: row.id, userId: row.user_id, createdAt: row.created_at } : null;
  }

  async revoke(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  async revokeAllForUser(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }
}

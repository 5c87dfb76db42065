import { SESSION_USE_GRANULARITY_MS, type Session, type SessionRepository } from '@chat/domain';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable } from '../schema';

const toSession = (row: Selectable<SessionsTable>): Session => ({
  id: row.id,
  userId: row.user_id,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  lastUsedAt: row.last_used_at,
  userAgent: row.user_agent,
});

/**
 * When this process last recorded a use of each session: a request per session per granularity
 * writes, the others cost a map look-up. Per process, so each replica writes at most that often;
 * bounded, so a flood of sessions cannot grow it without end (the oldest entries go first).
 */
const recentlyTouched = new Map<string, number>();
const RECENTLY_TOUCHED_MAX = 50_000;

export class KyselySessionRepository implements SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(session: Session): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        id: session.id,
        user_id: session.userId,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
        last_used_at: session.lastUsedAt,
        user_agent: session.userAgent,
      })
      .execute();
  }

  async find(id: string): Promise<Session | null> {
    const row = await this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toSession(row) : null;
  }

  async listForUser(userId: string, now: Date): Promise<Session[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toSession);
  }

  async revoke(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  async revokeOwn(userId: string, id: string): Promise<'revoked' | 'absent'> {
    const result = await this.db.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows > 0n ? 'revoked' : 'absent';
  }

  async revokeAllForUser(userId: string, exceptId?: string): Promise<number> {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return Number((await query.executeTakeFirst()).numDeletedRows);
  }

  async extend(id: string, expiresAt: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute();
  }

  async touch(id: string, at: Date): Promise<void> {
    const last = recentlyTouched.get(id);
    if (last !== undefined && at.getTime() - last < SESSION_USE_GRANULARITY_MS) return;
    recentlyTouched.delete(id);
    if (recentlyTouched.size >= RECENTLY_TOUCHED_MAX) recentlyTouched.delete(recentlyTouched.keys().next().value as string);
    recentlyTouched.set(id, at.getTime());
    // Another replica may have recorded a later use: the time only moves forward.
    await this.db.updateTable('sessions').set({ last_used_at: at }).where('id', '=', id).where('last_used_at', '<', at).execute();
  }

  async sweepExpired(now: Date, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('id', 'in', (eb) => eb.selectFrom('sessions').select('id').where('expires_at', '<=', now).limit(limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

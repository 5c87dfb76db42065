import type {
  Application,
  ApplicationRepository,
  ApplicationView,
  RefreshToken,
  RefreshTokenRepository,
  UseRefreshTokenOutcome,
  IdPage,
} from '@chat/domain';
import type { Kysely, Selectable } from 'kysely';
import { isForeignKeyViolation } from '../driver-errors';
import type { ApplicationsTable, Database } from '../schema';
import { summaryOf } from './rows';

const toApplication = (row: Selectable<ApplicationsTable>): Application => ({
  id: row.id,
  name: row.name,
  ownerId: row.owner_id,
  botUserId: row.bot_user_id,
  clientId: row.client_id,
  clientSecretHash: row.client_secret_hash,
  createdAt: row.created_at,
});

export class KyselyApplicationRepository implements ApplicationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(a: Application): Promise<void> {
    await this.db
      .insertInto('applications')
      .values({
        id: a.id,
        name: a.name,
        owner_id: a.ownerId,
        bot_user_id: a.botUserId,
        client_id: a.clientId,
        client_secret_hash: a.clientSecretHash,
        created_at: a.createdAt,
      })
      .execute();
  }

  async findById(id: string): Promise<Application | null> {
    const row = await this.db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toApplication(row) : null;
  }

  async findByClientId(clientId: string): Promise<Application | null> {
    const row = await this.db.selectFrom('applications').selectAll().where('client_id', '=', clientId).executeTakeFirst();
    return row ? toApplication(row) : null;
  }

  async countByOwner(ownerId: string): Promise<number> {
    const row = await this.db.selectFrom('applications').select((eb) => eb.fn.countAll<string>().as('count')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async listByOwner(ownerId: string, page: IdPage): Promise<ApplicationView[]> {
    let query = this.db
      .selectFrom('applications as a')
      .innerJoin('users as u', 'u.id', 'a.bot_user_id')
      .select(['a.id', 'a.name', 'a.client_id', 'a.bot_user_id', 'u.username', 'u.display_name', 'u.avatar'])
      .where('a.owner_id', '=', ownerId);
    if (page.after !== undefined) query = query.where('a.id', '>', page.after);
    const rows = await query.orderBy('a.id').limit(page.limit).execute();
    return rows.map((r) => ({ id: r.id, name: r.name, clientId: r.client_id, bot: summaryOf(r, r.bot_user_id) }));
  }

  async updateSecretHash(id: string, clientSecretHash: string): Promise<void> {
    await this.db.updateTable('applications').set({ client_secret_hash: clientSecretHash }).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    // Its refresh tokens go with it (ON DELETE CASCADE).
    await this.db.deleteFrom('applications').where('id', '=', id).execute();
  }
}

export class KyselyRefreshTokenRepository implements RefreshTokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(t: RefreshToken): Promise<'created' | 'Revoked'> {
    try {
      await this.insert(t);
      return 'created';
    } catch (error) {
      // The family's session or the application was deleted by a racing request.
      if (isForeignKeyViolation(error)) return 'Revoked';
      throw error;
    }
  }

  private async insert(t: RefreshToken): Promise<void> {
    await this.db
      .insertInto('refresh_tokens')
      .values({
        token_hash: t.tokenHash,
        family_id: t.familyId,
        application_id: t.applicationId,
        user_id: t.userId,
        created_at: t.createdAt,
        expires_at: t.expiresAt,
        used_at: null,
      })
      .execute();
  }

  async findByHash(tokenHash: string): Promise<RefreshToken | null> {
    const row = await this.db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return row
      ? { tokenHash: row.token_hash, familyId: row.family_id, applicationId: row.application_id, userId: row.user_id, createdAt: row.created_at, expiresAt: row.expires_at }
      : null;
  }

  async use(tokenHash: string, at: Date): Promise<UseRefreshTokenOutcome> {
    // One statement decides: of two concurrent uses, only one finds used_at still null.
    const spent = await this.db
      .updateTable('refresh_tokens')
      .set({ used_at: at })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (spent.numUpdatedRows === 1n) return 'used';
    return (await this.findByHash(tokenHash)) ? 'AlreadyUsed' : 'NotFound';
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db.deleteFrom('refresh_tokens').where('family_id', '=', familyId).execute();
  }

  async sweepExpired(now: Date, limit: number): Promise<number> {
    const result = await this.db
      .deleteFrom('refresh_tokens')
      .where('token_hash', 'in', (eb) => eb.selectFrom('refresh_tokens').select('token_hash').where('expires_at', '<=', now).limit(limit))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

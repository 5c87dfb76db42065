import type { Ban, BanRepository, BanView } from '@chat/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export class KyselyBanRepository implements BanRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(ban: Ban): Promise<void> {
    await this.db
      .insertInto('bans')
      .values({ server_id: ban.serverId, user_id: ban.userId, reason: ban.reason, created_at: ban.createdAt })
      // A second ban replaces the reason; the ban still dates from the first.
      .onConflict((oc) => oc.columns(['server_id', 'user_id']).doUpdateSet({ reason: ban.reason }))
      .execute();
  }

  async remove(serverId: string, userId: string): Promise<'removed' | 'absent'> {
    const result = await this.db.deleteFrom('bans').where('server_id', '=', serverId).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows > 0n ? 'removed' : 'absent';
  }

  async isBanned(serverId: string, userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('bans').select('user_id').where('server_id', '=', serverId).where('user_id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }

  async list(serverId: string): Promise<BanView[]> {
    const rows = await this.db
      .selectFrom('bans as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select(['b.server_id', 'b.user_id', 'b.reason', 'b.created_at', 'u.username'])
      .where('b.server_id', '=', serverId)
      .orderBy('b.created_at')
      .orderBy('b.user_id')
      .execute();
    return rows.map((r) => ({
      serverId: r.server_id,
      userId: r.user_id,
      reason: r.reason,
      createdAt: r.created_at,
      user: { id: r.user_id, username: r.username },
    }));
  }
}

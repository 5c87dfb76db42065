import type { Ban, BanPage, BanRecord, BanRepository } from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import { summaryOf } from './rows';

interface BanRow {
  readonly server_id: string;
  readonly user_id: string;
  readonly reason: string | null;
  readonly created_at: Date;
  readonly member_when_banned: boolean;
}

const banOf = (row: BanRow): Ban => ({
  serverId: row.server_id,
  userId: row.user_id,
  reason: row.reason,
  createdAt: row.created_at,
  memberWhenBanned: row.member_when_banned,
});

export class KyselyBanRepository implements BanRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(ban: Ban): Promise<void> {
    await this.db
      .insertInto('bans')
      .values({ server_id: ban.serverId, user_id: ban.userId, reason: ban.reason, created_at: ban.createdAt, member_when_banned: ban.memberWhenBanned })
      // A second ban replaces the reason; the ban still dates from the first.
      .onConflict((oc) => oc.columns(['server_id', 'user_id']).doUpdateSet({ reason: ban.reason }))
      .execute();
  }

  async remove(serverId: string, userId: string): Promise<'removed' | 'absent'> {
    const result = await this.db.deleteFrom('bans').where('server_id', '=', serverId).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows > 0n ? 'removed' : 'absent';
  }

  async find(serverId: string, userId: string): Promise<Ban | null> {
    const row = await this.db.selectFrom('bans').selectAll().where('server_id', '=', serverId).where('user_id', '=', userId).executeTakeFirst();
    return row ? banOf(row) : null;
  }

  async isBanned(serverId: string, userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('bans').select('user_id').where('server_id', '=', serverId).where('user_id', '=', userId).executeTakeFirst();
    return row !== undefined;
  }

  async count(serverId: string): Promise<number> {
    const row = await this.db.selectFrom('bans').select((eb) => eb.fn.countAll<string>().as('n')).where('server_id', '=', serverId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(serverId: string, { limit, after }: BanPage, viewerId: string): Promise<BanRecord[]> {
    let query = this.db
      .selectFrom('bans as b')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select(['b.server_id', 'b.user_id', 'b.reason', 'b.created_at', 'b.member_when_banned', 'u.username', 'u.display_name', 'u.avatar'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('members as theirs')
              .innerJoin('members as mine', 'mine.server_id', 'theirs.server_id')
              .select(sql.lit(1).as('one'))
              .whereRef('theirs.user_id', '=', 'b.user_id')
              .where('mine.user_id', '=', viewerId),
          )
          .as('shares'),
      )
      .where('b.server_id', '=', serverId);
    if (after) query = query.where(sql<boolean>`(b.created_at, b.user_id) > (${after.createdAt}, ${after.userId}::bigint)`);
    const rows = await query.orderBy('b.created_at').orderBy('b.user_id').limit(limit).execute();
    return rows.map((row) => ({ ...banOf(row), user: summaryOf(row, row.user_id), sharesAServerWithViewer: Boolean(row.shares) }));
  }
}

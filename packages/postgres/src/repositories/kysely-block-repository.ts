import type { Block, BlockRepository, IdPage, UserSummary } from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

export class KyselyBlockRepository implements BlockRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async block(block: Block): Promise<'blocked' | 'already'> {
    const inserted = await this.db
      .insertInto('blocks')
      .values({ user_id: block.userId, blocked_id: block.blockedId, created_at: block.createdAt })
      // A second block keeps the first, with its time.
      .onConflict((oc) => oc.columns(['user_id', 'blocked_id']).doNothing())
      .executeTakeFirst();
    return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n ? 'blocked' : 'already';
  }

  async unblock(userId: string, blockedId: string): Promise<'unblocked' | 'absent'> {
    const result = await this.db.deleteFrom('blocks').where('user_id', '=', userId).where('blocked_id', '=', blockedId).executeTakeFirst();
    return result.numDeletedRows > 0n ? 'unblocked' : 'absent';
  }

  async isBlocking(userId: string, blockedId: string): Promise<boolean> {
    const row = await this.db.selectFrom('blocks').select('user_id').where('user_id', '=', userId).where('blocked_id', '=', blockedId).executeTakeFirst();
    return row !== undefined;
  }

  async count(userId: string): Promise<number> {
    const row = await this.db.selectFrom('blocks').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(userId: string, { limit, after }: IdPage): Promise<UserSummary[]> {
    let query = this.db
      .selectFrom('blocks as b')
      .innerJoin('users as u', 'u.id', 'b.blocked_id')
      .select(['u.id', 'u.username', 'u.display_name', 'u.avatar'])
      .where('b.user_id', '=', userId);
    if (after !== undefined) query = query.where(sql<boolean>`b.blocked_id > ${after}::bigint`);
    const rows = await query.orderBy('b.blocked_id').limit(limit).execute();
    return rows.map((row) => ({ id: row.id, username: row.username, displayName: row.display_name, avatar: row.avatar }));
  }

  async between(a: string, b: string): Promise<boolean> {
    // Two probes of the primary key, one for each direction.
    const { rows } = await sql<{ blocked: boolean }>`select exists (
      select 1 from blocks where (user_id, blocked_id) = (${a}::bigint, ${b}::bigint)
      union all
      select 1 from blocks where (user_id, blocked_id) = (${b}::bigint, ${a}::bigint)
    ) as blocked`.execute(this.db);
    return rows[0]?.blocked === true;
  }
}

import type { Invite, InviteRepository } from '@chat/domain';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Database, InvitesTable } from '../schema';

const toInvite = (row: Selectable<InvitesTable>): Invite => ({
  code: row.code,
  serverId: row.server_id,
  creatorId: row.creator_id,
  createdAt: row.created_at,
  maxUses: row.max_uses,
  uses: row.uses,
  expiresAt: row.expires_at,
});

/** An invite that still lets someone in at `now`: not used up, not expired (as `inviteIsLive`). */
const liveAt = (now: Date) => (eb: ExpressionBuilder<Database, 'invites'>) =>
  eb.and([eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]), eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])]);

export class KyselyInviteRepository implements InviteRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(invite: Invite): Promise<void> {
    await this.db
      .insertInto('invites')
      .values({
        code: invite.code,
        server_id: invite.serverId,
        creator_id: invite.creatorId,
        created_at: invite.createdAt,
        max_uses: invite.maxUses,
        uses: invite.uses,
        expires_at: invite.expiresAt,
      })
      .execute();
  }

  async findByCode(code: string): Promise<Invite | null> {
    const row = await this.db.selectFrom('invites').selectAll().where('code', '=', code).executeTakeFirst();
    return row ? toInvite(row) : null;
  }

  async redeem(code: string, now: Date): Promise<boolean> {
    // One statement: the row lock it takes makes a racing redeem re-check the use count it wrote.
    const result = await this.db
      .updateTable('invites')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('code', '=', code)
      .where(liveAt(now))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async countLive(serverId: string, now: Date): Promise<number> {
    const row = await this.db
      .selectFrom('invites')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('server_id', '=', serverId)
      .where(liveAt(now))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async listLive(serverId: string, now: Date, creatorId?: string): Promise<Invite[]> {
    let query = this.db
      .selectFrom('invites')
      .selectAll()
      .where('server_id', '=', serverId)
      .where(liveAt(now));
    if (creatorId !== undefined) query = query.where('creator_id', '=', creatorId);
    const rows = await query.orderBy('created_at').orderBy('code').execute();
    return rows.map(toInvite);
  }

  async delete(code: string): Promise<'deleted' | 'absent'> {
    const result = await this.db.deleteFrom('invites').where('code', '=', code).executeTakeFirst();
    return result.numDeletedRows > 0n ? 'deleted' : 'absent';
  }
}

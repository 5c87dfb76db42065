import type { Invite, InviteRepository } from '@chat/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export class KyselyInviteRepository implements InviteRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(invite: Invite): Promise<void> {
    await this.db
      .insertInto('invites')
      .values({ code: invite.code, server_id: invite.serverId, creator_id: invite.creatorId, created_at: invite.createdAt })
      .execute();
  }

  async findByCode(code: string): Promise<Invite | null> {
    const row = await this.db.selectFrom('invites').selectAll().where('code', '=', code).executeTakeFirst();
    return row ? { code: row.code, serverId: row.server_id, creatorId: row.creator_id, createdAt: row.created_at } : null;
  }
}

import type { NewServer, Server, ServerChanges, ServerRepository } from '@chat/domain';
import type { Kysely } from 'kysely';
import { inTransaction } from '../in-transaction';
import type { Database } from '../schema';
import { toServer } from './rows';

export class KyselyServerRepository implements ServerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create({ server, defaultChannel, owner }: NewServer): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .insertInto('servers')
        .values({
          id: server.id,
          name: server.name,
          avatar: server.avatar,
          banner: server.banner,
          verified: server.verified,
          default_channel_id: server.defaultChannelId,
          owner_id: server.ownerId,
          created_at: server.createdAt,
        })
        .execute();
      await trx
        .insertInto('channels')
        .values({ id: defaultChannel.id, server_id: server.id, name: defaultChannel.name, created_at: defaultChannel.createdAt })
        .execute();
      await trx.insertInto('members').values({ server_id: server.id, user_id: owner.userId, joined_at: owner.joinedAt }).execute();
    });
  }

  async findById(id: string): Promise<Server | null> {
    const row = await this.db.selectFrom('servers').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toServer(row) : null;
  }

  async update(id: string, { name, avatar, banner }: ServerChanges): Promise<Server | null> {
    const set = { ...(name !== undefined ? { name } : {}), ...(avatar !== undefined ? { avatar } : {}), ...(banner !== undefined ? { banner } : {}) };
    if (Object.keys(set).length === 0) return this.findById(id);
    const row = await this.db.updateTable('servers').set(set).where('id', '=', id).returningAll().executeTakeFirst();
    return row ? toServer(row) : null;
  }

  async listForUser(userId: string): Promise<Server[]> {
    const rows = await this.db
      .selectFrom('servers')
      .innerJoin('members', 'members.server_id', 'servers.id')
      .selectAll('servers')
      .where('members.user_id', '=', userId)
      .orderBy('servers.id')
      .execute();
    return rows.map(toServer);
  }
}

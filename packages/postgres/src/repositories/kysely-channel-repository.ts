import type { Channel, ChannelRepository, PermissionOverwrite, UserSummary, IdPage } from '@chat/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { toChannel } from './rows';

export class KyselyChannelRepository implements ChannelRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(channel: Channel): Promise<void> {
    await this.db
      .insertInto('channels')
      .values({ id: channel.id, server_id: channel.serverId, name: channel.name, created_at: channel.createdAt })
      .execute();
  }

  async findById(id: string): Promise<Channel | null> {
    const row = await this.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toChannel(row) : null;
  }

  async findWithMembership(id: string, userId: string): Promise<{ channel: Channel; member: UserSummary | null } | null> {
    const row = await this.db
      .selectFrom('channels as c')
      .leftJoin('members as m', (join) => join.onRef('m.server_id', '=', 'c.server_id').on('m.user_id', '=', userId))
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .selectAll('c')
      .select(['u.id as member_id', 'u.username as member_username'])
      .where('c.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const { member_id: memberId, member_username: username, ...channel } = row;
    return { channel: toChannel(channel), member: memberId && username !== null ? { id: memberId, username } : null };
  }

  async countByServer(serverId: string): Promise<number> {
    const row = await this.db.selectFrom('channels').select((eb) => eb.fn.countAll<string>().as('count')).where('server_id', '=', serverId).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async listByServer(serverId: string, page: IdPage): Promise<Channel[]> {
    let query = this.db.selectFrom('channels').selectAll().where('server_id', '=', serverId);
    if (page.after !== undefined) query = query.where('id', '>', page.after);
    const rows = await query.orderBy('id').limit(page.limit).execute();
    return rows.map(toChannel);
  }

  async overwritesOf(channelId: string): Promise<PermissionOverwrite[]> {
    const rows = await this.db.selectFrom('channel_overwrites').select(['target_id', 'type', 'allow', 'deny']).where('channel_id', '=', channelId).execute();
    return rows.map((row) => ({ id: row.target_id, type: row.type, allow: Number(row.allow), deny: Number(row.deny) }));
  }

  /** Test seeding, not on the port: sets (or replaces) one target's overwrite in a channel. */
  async setOverwrite(channelId: string, overwrite: PermissionOverwrite): Promise<void> {
    const values = { channel_id: channelId, target_id: overwrite.id, type: overwrite.type, allow: overwrite.allow, deny: overwrite.deny };
    await this.db
      .insertInto('channel_overwrites')
      .values(values)
      .onConflict((conflict) => conflict.columns(['channel_id', 'target_id']).doUpdateSet({ type: overwrite.type, allow: overwrite.allow, deny: overwrite.deny }))
      .execute();
  }
}

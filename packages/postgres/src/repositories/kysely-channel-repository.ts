import type { Channel, ChannelChanges, ChannelRepository, PermissionOverwrite, UserSummary, IdPage } from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import { inTransaction } from '../in-transaction';
import type { Database } from '../schema';
import { primaryReads, type ReplicaReads } from '../replicas/replica-reads';
import { deleteMessagesInSlices, overwritesOf, toChannel } from './channel-sql';
import { ChannelRoutes } from './channel-routes';

export class KyselyChannelRepository implements ChannelRepository {
  /** `reads`: where the list runs (a replica that has the caller's writes, or this database). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly reads: ReplicaReads = primaryReads({ db, hot: db }),
    /** Each channel's route (docs/sharding.md), named by the gate's reads; shared by the pool's stores. */
    private readonly routes: ChannelRoutes = new ChannelRoutes(),
  ) {}

  async create(channel: Channel): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .insertInto('channels')
        .values({ id: channel.id, server_id: channel.serverId, name: channel.name, topic: channel.topic, position: channel.position, created_at: channel.createdAt })
        .execute();
      for (const overwrite of channel.permissionOverwrites) await new KyselyChannelRepository(trx).setOverwrite(channel.id, overwrite);
    });
  }

  async findById(id: string): Promise<Channel | null> {
    const row = await this.db.selectFrom('channels as c').selectAll('c').select(overwritesOf('c.id', 'c.server_id').as('overwrites')).where('c.id', '=', id).executeTakeFirst();
    return row ? toChannel(row) : null;
  }

  /** On the channel's route (docs/sharding.md): the channel, its overwrites and the membership, one shard on Citus. */
  async findWithMembership(id: string, userId: string): Promise<{ channel: Channel; member: UserSummary | null } | null> {
    const route = await this.routes.of(this.db, id);
    const row = await this.db
      .selectFrom('channels as c')
      .leftJoin('members as m', (join) => join.onRef('m.server_id', '=', 'c.server_id').on('m.user_id', '=', userId))
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .selectAll('c')
      .select([overwritesOf('c.id', 'c.server_id').as('overwrites'), 'u.id as member_id', 'u.username as member_username', 'u.display_name as member_display_name', 'u.avatar as member_avatar'])
      .where('c.server_id', '=', route)
      .where('c.id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const { member_id: memberId, member_username: username, member_display_name: displayName, member_avatar: avatar, ...channel } = row;
    return { channel: toChannel(channel), member: memberId && username !== null ? { id: memberId, username, displayName, avatar } : null };
  }

  async countByServer(serverId: string): Promise<number> {
    const row = await this.db.selectFrom('channels').select((eb) => eb.fn.countAll<string>().as('count')).where('server_id', '=', serverId).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  listByServer(serverId: string, page: IdPage): Promise<Channel[]> {
    return this.reads.read(({ db }) => this.listOn(db, serverId, page));
  }

  private async listOn(db: Kysely<Database>, serverId: string, page: IdPage): Promise<Channel[]> {
    let query = db.selectFrom('channels as c').selectAll('c').select(overwritesOf('c.id', 'c.server_id').as('overwrites')).where('c.server_id', '=', serverId);
    // After the channel the last page ended with, in (position, id) order; one gone from the server matches nothing.
    if (page.after !== undefined) {
      const after = page.after;
      query = query.where(sql<boolean>`(c.position, c.id) > (select l.position, l.id from channels l where l.id = ${after} and l.server_id = ${serverId})`);
    }
    const rows = await query.orderBy('c.position').orderBy('c.id').limit(page.limit).execute();
    return rows.map(toChannel);
  }

  async overwritesOf(channelId: string): Promise<PermissionOverwrite[]> {
    const route = await this.routes.of(this.db, channelId);
    const rows = await this.db.selectFrom('channel_overwrites').select(['target_id', 'type', 'allow', 'deny']).where('server_id', '=', route).where('channel_id', '=', channelId).execute();
    return rows.map((row) => ({ id: row.target_id, type: row.type, allow: Number(row.allow), deny: Number(row.deny) }));
  }

  async update(id: string, { name, topic, position }: ChannelChanges): Promise<Channel | null> {
    const set = {
      ...(name !== undefined ? { name } : {}),
      ...(topic !== undefined ? { topic } : {}),
      ...(position !== undefined ? { position } : {}),
    };
    if (Object.keys(set).length > 0) await this.db.updateTable('channels').set(set).where('id', '=', id).execute();
    return this.findById(id);
  }

  async delete(id: string): Promise<'deleted' | 'absent'> {
    return inTransaction(this.db, async (trx) => {
      await deleteMessagesInSlices(trx, id);
      // Its overwrites go by cascade. (A message whose send raced this delete and committed after its
      // last slice stays behind, unseen: messages have no foreign key to channels, see the conversations migration.)
      const gone = await trx.deleteFrom('channels').where('id', '=', id).executeTakeFirst();
      return gone.numDeletedRows > 0n ? 'deleted' : 'absent';
    });
  }

  /** The overwrite's row names its channel's server (the route: docs/sharding.md), read with the insert; a channel that is gone writes nothing. */
  async setOverwrite(channelId: string, { id, type, allow, deny }: PermissionOverwrite): Promise<void> {
    await this.db
      .insertInto('channel_overwrites')
      .columns(['channel_id', 'server_id', 'target_id', 'type', 'allow', 'deny'])
      .expression((eb) =>
        eb
          .selectFrom('channels')
          .select([eb.val(channelId).as('channel_id'), 'server_id', eb.val(id).as('target_id'), eb.val(type).as('type'), eb.val(allow).as('allow'), eb.val(deny).as('deny')])
          .where('id', '=', channelId),
      )
      .onConflict((oc) => oc.columns(['channel_id', 'target_id']).doUpdateSet({ type, allow, deny }))
      .execute();
  }

  async removeOverwrite(channelId: string, targetId: string): Promise<'removed' | 'absent'> {
    const result = await this.db.deleteFrom('channel_overwrites').where('channel_id', '=', channelId).where('target_id', '=', targetId).executeTakeFirst();
    return result.numDeletedRows > 0n ? 'removed' : 'absent';
  }
}

import { bitOf, type NewServer, type Server, type ServerChanges, type ServerRepository, type IdPage } from '@chat/domain';
import { sql, type Kysely } from 'kysely';
import { inTransaction } from '../in-transaction';
import type { Database } from '../schema';
import { deleteMessagesInSlices } from './channel-sql';
import { toServer } from './rows';

export { DELETE_SLICE } from './channel-sql';

const CREATE_INVITE = bitOf('CREATE_INVITE');

/**
 * `membersCanInvite` is the CREATE_INVITE bit of the server's `@everyone` (whose id is the
 * server's): read with every server, in the same statement, so the two cannot disagree.
 */
const membersCanInvite = sql<boolean>`coalesce((select (r.permissions & ${CREATE_INVITE}) <> 0 from roles r where r.server_id = servers.id and r.id = servers.id), false)`.as(
  'members_can_invite',
);

export class KyselyServerRepository implements ServerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create({ server, defaultChannel, owner, everyone }: NewServer): Promise<void> {
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
        .values({ id: defaultChannel.id, server_id: server.id, name: defaultChannel.name, topic: defaultChannel.topic, position: defaultChannel.position, created_at: defaultChannel.createdAt })
        .execute();
      await trx
        .insertInto('roles')
        .values({ id: everyone.id, server_id: server.id, name: everyone.name, color: everyone.color, position: 0, permissions: everyone.permissions, created_at: everyone.createdAt })
        .execute();
      await trx.insertInto('members').values({ server_id: server.id, user_id: owner.userId, joined_at: owner.joinedAt }).execute();
    });
  }

  async findById(id: string): Promise<Server | null> {
    const row = await this.db.selectFrom('servers').selectAll().select(membersCanInvite).where('id', '=', id).executeTakeFirst();
    return row ? toServer(row) : null;
  }

  async update(id: string, { name, avatar, banner, membersCanInvite, defaultChannelId }: ServerChanges): Promise<Server | null> {
    const set = {
      ...(name !== undefined ? { name } : {}),
      ...(avatar !== undefined ? { avatar } : {}),
      ...(banner !== undefined ? { banner } : {}),
      ...(defaultChannelId !== undefined ? { default_channel_id: defaultChannelId } : {}),
    };
    return inTransaction(this.db, async (trx) => {
      if (membersCanInvite !== undefined) {
        const permissions = membersCanInvite ? sql<number>`permissions | ${CREATE_INVITE}` : sql<number>`permissions & ~${CREATE_INVITE}::bigint`;
        await trx.updateTable('roles').set({ permissions }).where('id', '=', id).where('server_id', '=', id).execute();
      }
      if (Object.keys(set).length > 0) await trx.updateTable('servers').set(set).where('id', '=', id).execute();
      return new KyselyServerRepository(trx).findById(id);
    });
  }

  async hold(id: string, purpose: 'join' | 'change'): Promise<Server | null> {
    // A row lock on the server until the transaction ends: joins share it, changes take it alone.
    // The unit's later statements (READ COMMITTED) see whatever committed while this one waited.
    const query = this.db.selectFrom('servers').selectAll().select(membersCanInvite).where('id', '=', id);
    const row = await (purpose === 'join' ? query.forShare() : query.forUpdate()).executeTakeFirst();
    return row ? toServer(row) : null;
  }

  async setOwner(id: string, ownerId: string): Promise<Server | null> {
    const row = await this.db.updateTable('servers').set({ owner_id: ownerId }).where('id', '=', id).returningAll().returning(membersCanInvite).executeTakeFirst();
    return row ? toServer(row) : null;
  }

  async delete(id: string): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      // A big server's messages go first, a slice per statement (see `deleteMessagesInSlices`).
      const channels = await trx.selectFrom('channels').select('id').where('server_id', '=', id).execute();
      for (const { id: channelId } of channels) await deleteMessagesInSlices(trx, channelId);
      // Channels, members, invites and bans go by cascade (a message whose send raced this delete may
      // stay behind, unseen: messages have no foreign key to channels, see the conversations migration).
      await trx.deleteFrom('servers').where('id', '=', id).execute();
    });
  }

  async countOwnedBy(userId: string): Promise<number> {
    const row = await this.db.selectFrom('servers').select((eb) => eb.fn.countAll<string>().as('count')).where('owner_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async listForUser(userId: string, page: IdPage): Promise<Server[]> {
    let query = this.db
      .selectFrom('servers')
      .innerJoin('members', 'members.server_id', 'servers.id')
      .selectAll('servers')
      .select(membersCanInvite)
      .where('members.user_id', '=', userId);
    if (page.after !== undefined) query = query.where('servers.id', '>', page.after);
    const rows = await query.orderBy('servers.id').limit(page.limit).execute();
    return rows.map(toServer);
  }

  /** `listForUser` of each user, whole, in one statement (a batch of gateway snapshots): user id → servers. */
  async listForUsers(userIds: readonly string[]): Promise<Map<string, Server[]>> {
    const rows = await this.db
      .selectFrom('servers')
      .innerJoin('members', 'members.server_id', 'servers.id')
      .selectAll('servers')
      .select(membersCanInvite)
      .select('members.user_id as member_id')
      .where(sql<boolean>`members.user_id = any(${[...userIds]}::bigint[])`)
      .orderBy('servers.id')
      .execute();
    const byUser = new Map<string, Server[]>(userIds.map((id) => [id, []]));
    for (const row of rows) byUser.get(String(row.member_id))?.push(toServer(row));
    return byUser;
  }
}

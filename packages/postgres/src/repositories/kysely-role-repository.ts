import type { Id, Role, RoleChanges, RoleRepository } from '@chat/domain';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, RolesTable } from '../schema';

export const toRole = (row: Selectable<RolesTable>): Role => ({
  id: row.id,
  serverId: row.server_id,
  name: row.name,
  color: row.color,
  position: row.position,
  permissions: Number(row.permissions),
  createdAt: row.created_at,
});

/** Positions are kept dense by each write; the caller holds the server, so no two writes shift at once. */
export class KyselyRoleRepository implements RoleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async listByServer(serverId: Id): Promise<Role[]> {
    const rows = await this.db.selectFrom('roles').selectAll().where('server_id', '=', serverId).orderBy('position').orderBy('id').execute();
    return rows.map(toRole);
  }

  async find(serverId: Id, roleId: Id): Promise<Role | null> {
    const row = await this.db.selectFrom('roles').selectAll().where('server_id', '=', serverId).where('id', '=', roleId).executeTakeFirst();
    return row ? toRole(row) : null;
  }

  async countByServer(serverId: Id): Promise<number> {
    const row = await this.db
      .selectFrom('roles')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('server_id', '=', serverId)
      .where('position', '>', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async create(role: Role): Promise<void> {
    if (role.position > 0) await this.shift(role.serverId, sql`position >= ${role.position}`, 1);
    await this.db
      .insertInto('roles')
      .values({
        id: role.id,
        server_id: role.serverId,
        name: role.name,
        color: role.color,
        position: role.position,
        permissions: role.permissions,
        created_at: role.createdAt,
      })
      .execute();
  }

  async update(serverId: Id, roleId: Id, { name, color, permissions }: RoleChanges): Promise<Role | null> {
    const set = {
      ...(name !== undefined ? { name } : {}),
      ...(color !== undefined ? { color } : {}),
      ...(permissions !== undefined ? { permissions } : {}),
    };
    if (Object.keys(set).length === 0) return this.find(serverId, roleId);
    const row = await this.db.updateTable('roles').set(set).where('server_id', '=', serverId).where('id', '=', roleId).returningAll().executeTakeFirst();
    return row ? toRole(row) : null;
  }

  async move(serverId: Id, roleId: Id, position: number): Promise<void> {
    const role = await this.find(serverId, roleId);
    if (!role || role.position === 0 || role.position === position) return;
    if (position > role.position) await this.shift(serverId, sql`position > ${role.position} and position <= ${position}`, -1);
    else await this.shift(serverId, sql`position >= ${position} and position < ${role.position}`, 1);
    await this.db.updateTable('roles').set({ position }).where('id', '=', roleId).execute();
  }

  async delete(serverId: Id, roleId: Id): Promise<'deleted' | 'absent'> {
    // Its assignments go by cascade; its overwrites are not keyed to it, so they go here.
    const gone = await this.db.deleteFrom('roles').where('server_id', '=', serverId).where('id', '=', roleId).where('position', '>', 0).returning('position').executeTakeFirst();
    if (!gone) return 'absent';
    await sql`delete from channel_overwrites o using channels c
      where o.channel_id = c.id and c.server_id = ${serverId} and o.type = 'role' and o.target_id = ${roleId}`.execute(this.db);
    await this.shift(serverId, sql`position > ${gone.position}`, -1);
    return 'deleted';
  }

  async roleIdsOf(serverId: Id, userId: Id): Promise<Id[]> {
    const rows = await this.db
      .selectFrom('member_roles as mr')
      // The role on the member's route too (docs/sharding.md): one shard on Citus.
      .innerJoin('roles as r', (join) => join.onRef('r.server_id', '=', 'mr.server_id').onRef('r.id', '=', 'mr.role_id'))
      .select('mr.role_id')
      .where('mr.server_id', '=', serverId)
      .where('mr.user_id', '=', userId)
      .orderBy('r.position')
      .execute();
    return rows.map((row) => row.role_id);
  }

  async holdings(serverId: Id, userIds?: readonly Id[]): Promise<Map<Id, Id[]>> {
    if (userIds?.length === 0) return new Map();
    let query = this.db
      .selectFrom('members as m')
      .leftJoin('member_roles as mr', (join) => join.onRef('mr.server_id', '=', 'm.server_id').onRef('mr.user_id', '=', 'm.user_id'))
      .select(['m.user_id', 'mr.role_id'])
      .where('m.server_id', '=', serverId);
    if (userIds) query = query.where('m.user_id', 'in', userIds);
    const held = new Map<Id, Id[]>();
    for (const { user_id, role_id } of await query.execute()) {
      const roles = held.get(user_id) ?? [];
      if (role_id !== null) roles.push(role_id);
      held.set(user_id, roles);
    }
    return held;
  }

  async assign(serverId: Id, userId: Id, roleId: Id): Promise<'added' | 'already'> {
    const result = await this.db
      .insertInto('member_roles')
      .values({ server_id: serverId, user_id: userId, role_id: roleId })
      .onConflict((oc) => oc.columns(['server_id', 'user_id', 'role_id']).doNothing())
      .executeTakeFirst();
    return result.numInsertedOrUpdatedRows === 1n ? 'added' : 'already';
  }

  async unassign(serverId: Id, userId: Id, roleId: Id): Promise<'removed' | 'absent'> {
    const result = await this.db
      .deleteFrom('member_roles')
      .where('server_id', '=', serverId)
      .where('user_id', '=', userId)
      .where('role_id', '=', roleId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n ? 'removed' : 'absent';
  }

  private async shift(serverId: Id, which: ReturnType<typeof sql>, by: number): Promise<void> {
    await sql`update roles set position = position + ${by} where server_id = ${serverId} and position > 0 and ${which}`.execute(this.db);
  }
}


import type { Id, Role, RoleChanges, RoleRepository } from '../src';
import type { MemoryState } from './memory-state';

const byPosition = (a: Role, b: Role): number => a.position - b.position;

export class InMemoryRoleRepository implements RoleRepository {
  constructor(private readonly state: MemoryState) {}

  async listByServer(serverId: Id): Promise<Role[]> {
    return [...(this.state.roles.get(serverId)?.values() ?? [])].sort(byPosition);
  }

  async find(serverId: Id, roleId: Id): Promise<Role | null> {
    return this.state.roles.get(serverId)?.get(roleId) ?? null;
  }

  async countByServer(serverId: Id): Promise<number> {
    return Math.max(0, (this.state.roles.get(serverId)?.size ?? 0) - 1);
  }

  async create(role: Role): Promise<void> {
    this.shift(role.serverId, (r) => r.position >= role.position && r.position > 0, 1);
    this.state.rolesOf(role.serverId).set(role.id, role);
  }

  async update(serverId: Id, roleId: Id, changes: RoleChanges): Promise<Role | null> {
    const role = await this.find(serverId, roleId);
    if (!role) return null;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const updated: Role = { ...role, ...defined };
    this.state.rolesOf(serverId).set(roleId, updated);
    return updated;
  }

  async move(serverId: Id, roleId: Id, position: number): Promise<void> {
    const role = await this.find(serverId, roleId);
    if (!role || role.position === 0 || role.position === position) return;
    const [low, high, by] = position > role.position ? [role.position + 1, position, -1] : [position, role.position - 1, 1];
    this.shift(serverId, (r) => r.position >= low && r.position <= high, by);
    this.state.rolesOf(serverId).set(roleId, { ...role, position });
  }

  async delete(serverId: Id, roleId: Id): Promise<'deleted' | 'absent'> {
    const role = await this.find(serverId, roleId);
    if (!role || role.position === 0) return 'absent';
    this.state.rolesOf(serverId).delete(roleId);
    this.shift(serverId, (r) => r.position > role.position, -1);
    for (const held of this.state.memberRoles.get(serverId)?.values() ?? []) held.delete(roleId);
    for (const channel of this.state.channels.values()) {
      if (channel.serverId !== serverId) continue;
      const kept = channel.permissionOverwrites.filter((o) => !(o.type === 'role' && o.id === roleId));
      if (kept.length !== channel.permissionOverwrites.length) this.state.channels.set(channel.id, { ...channel, permissionOverwrites: kept });
    }
    return 'deleted';
  }

  async roleIdsOf(serverId: Id, userId: Id): Promise<Id[]> {
    const held = this.state.memberRoles.get(serverId)?.get(userId) ?? new Set<string>();
    const roles = this.state.roles.get(serverId);
    return [...held].filter((id) => roles?.has(id)).sort((a, b) => roles!.get(a)!.position - roles!.get(b)!.position);
  }

  async holdings(serverId: Id, userIds?: readonly Id[]): Promise<Map<Id, Id[]>> {
    const members = [...(this.state.members.get(serverId)?.keys() ?? [])].filter((userId) => !userIds || userIds.includes(userId));
    return new Map(await Promise.all(members.map(async (userId) => [userId, await this.roleIdsOf(serverId, userId)] as const)));
  }

  async assign(serverId: Id, userId: Id, roleId: Id): Promise<'added' | 'already'> {
    let byUser = this.state.memberRoles.get(serverId);
    if (!byUser) this.state.memberRoles.set(serverId, (byUser = new Map()));
    let held = byUser.get(userId);
    if (!held) byUser.set(userId, (held = new Set()));
    if (held.has(roleId)) return 'already';
    held.add(roleId);
    return 'added';
  }

  async unassign(serverId: Id, userId: Id, roleId: Id): Promise<'removed' | 'absent'> {
    return this.state.memberRoles.get(serverId)?.get(userId)?.delete(roleId) ? 'removed' : 'absent';
  }

  private shift(serverId: Id, which: (role: Role) => boolean, by: number): void {
    const roles = this.state.rolesOf(serverId);
    for (const role of [...roles.values()]) if (which(role)) roles.set(role.id, { ...role, position: role.position + by });
  }
}

import { compareIds, summarizeUser, type Member, type MemberPage, type MemberRepository, type MemberView } from '../src';
import type { MemoryState } from './memory-state';

const byJoinOrder = (a: Member, b: Member): number =>
  a.joinedAt.getTime() - b.joinedAt.getTime() || compareIds(a.userId, b.userId);

export class InMemoryMemberRepository implements MemberRepository {
  constructor(private readonly state: MemoryState) {}

  async add(member: Member): Promise<'added' | 'already'> {
    const members = this.state.membersOf(member.serverId);
    if (members.has(member.userId)) return 'already';
    members.set(member.userId, member);
    return 'added';
  }

  async remove(serverId: string, userId: string): Promise<'removed' | 'absent'> {
    // A member who leaves loses their roles: one who comes back starts with none.
    this.state.memberRoles.get(serverId)?.delete(userId);
    return this.state.membersOf(serverId).delete(userId) ? 'removed' : 'absent';
  }

  async find(serverId: string, userId: string): Promise<Member | null> {
    return this.state.members.get(serverId)?.get(userId) ?? null;
  }

  async sharesServer(userA: string, userB: string): Promise<boolean> {
    for (const members of this.state.members.values()) if (members.has(userA) && members.has(userB)) return true;
    return false;
  }

  async countByServer(serverId: string): Promise<number> {
    return this.state.members.get(serverId)?.size ?? 0;
  }

  async serverIdsOf(userId: string): Promise<string[]> {
    return [...this.state.members].flatMap(([serverId, members]) => (members.has(userId) ? [serverId] : [])).sort(compareIds);
  }

  async serversOver(ids: readonly string[], maxMembers: number): Promise<string[]> {
    return [...new Set(ids)].filter((id) => (this.state.members.get(id)?.size ?? 0) > maxMembers);
  }

  private roleIdsOf(serverId: string, userId: string): string[] {
    const roles = this.state.roles.get(serverId);
    const held = [...(this.state.memberRoles.get(serverId)?.get(userId) ?? [])].flatMap((id) => roles?.get(id) ?? []);
    return held.sort((a, b) => a.position - b.position).map((role) => role.id);
  }

  async list(serverId: string, { limit, after }: MemberPage): Promise<MemberView[]> {
    const views: MemberView[] = [];
    for (const member of [...this.state.membersOf(serverId).values()].sort(byJoinOrder)) {
      if (after && byJoinOrder(member, after) <= 0) continue;
      const user = this.state.users.get(member.userId);
      if (user) views.push({ ...member, user: summarizeUser(user), roleIds: this.roleIdsOf(serverId, member.userId) });
      if (views.length === limit) break;
    }
    return views;
  }
}

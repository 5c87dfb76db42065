import { summarizeUser, type Ban, type BanPage, type BanRecord, type BanRepository } from '../src';
import type { MemoryState } from './memory-state';

/** Ban order: when, then user id. */
const byBanOrder = (a: Ban, b: Ban): number => a.createdAt.getTime() - b.createdAt.getTime() || (BigInt(a.userId) < BigInt(b.userId) ? -1 : BigInt(a.userId) > BigInt(b.userId) ? 1 : 0);

export class InMemoryBanRepository implements BanRepository {
  constructor(private readonly state: MemoryState) {}

  async add(ban: Ban): Promise<void> {
    let bans = this.state.bans.get(ban.serverId);
    if (!bans) this.state.bans.set(ban.serverId, (bans = new Map()));
    const earlier = bans.get(ban.userId);
    // A second ban replaces the reason; the ban still dates from the first.
    bans.set(ban.userId, earlier ? { ...earlier, reason: ban.reason } : ban);
  }

  async remove(serverId: string, userId: string): Promise<'removed' | 'absent'> {
    return this.state.bans.get(serverId)?.delete(userId) ? 'removed' : 'absent';
  }

  async find(serverId: string, userId: string): Promise<Ban | null> {
    return this.state.bans.get(serverId)?.get(userId) ?? null;
  }

  async isBanned(serverId: string, userId: string): Promise<boolean> {
    return this.state.bans.get(serverId)?.has(userId) ?? false;
  }

  async count(serverId: string): Promise<number> {
    return this.state.bans.get(serverId)?.size ?? 0;
  }

  async list(serverId: string, { limit, after }: BanPage, viewerId: string): Promise<BanRecord[]> {
    const records: BanRecord[] = [];
    for (const ban of this.state.bans.get(serverId)?.values() ?? []) {
      const user = this.state.users.get(ban.userId);
      if (!user || (after && byBanOrder(ban, after) <= 0)) continue;
      records.push({ ...ban, user: summarizeUser(user), sharesAServerWithViewer: this.shareAServer(user.id, viewerId) });
    }
    return records.sort(byBanOrder).slice(0, limit);
  }

  private shareAServer(userId: string, otherId: string): boolean {
    for (const members of this.state.members.values()) if (members.has(userId) && members.has(otherId)) return true;
    return false;
  }
}

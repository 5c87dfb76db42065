import type { Ban, BanRepository, BanView } from '../src';
import type { MemoryState } from './memory-state';

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

  async isBanned(serverId: string, userId: string): Promise<boolean> {
    return this.state.bans.get(serverId)?.has(userId) ?? false;
  }

  async list(serverId: string): Promise<BanView[]> {
    const views: BanView[] = [];
    for (const ban of this.state.bans.get(serverId)?.values() ?? []) {
      const user = this.state.users.get(ban.userId);
      if (user) views.push({ ...ban, user: { id: user.id, username: user.username } });
    }
    return views.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (BigInt(a.userId) < BigInt(b.userId) ? -1 : 1));
  }
}

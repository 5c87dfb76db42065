import { compareIds, type Channel, type ChannelRepository, type UserSummary, type IdPage } from '../src';
import type { MemoryState } from './memory-state';

export class InMemoryChannelRepository implements ChannelRepository {
  constructor(private readonly state: MemoryState) {}

  async create(channel: Channel): Promise<void> {
    this.state.channels.set(channel.id, channel);
  }

  async findById(id: string): Promise<Channel | null> {
    return this.state.channels.get(id) ?? null;
  }

  async findWithMembership(id: string, userId: string): Promise<{ channel: Channel; member: UserSummary | null } | null> {
    const channel = this.state.channels.get(id);
    if (!channel) return null;
    return { channel, member: this.state.memberSummary(channel.serverId, userId) };
  }

  async countByServer(serverId: string): Promise<number> {
    return [...this.state.channels.values()].filter((c) => c.serverId === serverId).length;
  }

  async listByServer(serverId: string, page: IdPage): Promise<Channel[]> {
    return [...this.state.channels.values()]
      .filter((channel) => channel.serverId === serverId && (page.after === undefined || compareIds(channel.id, page.after) > 0))
      .sort((a, b) => compareIds(a.id, b.id))
      .slice(0, page.limit);
  }
}

import { compareIds, type Channel, type ChannelRepository, type PermissionOverwrite, type UserSummary, type IdPage } from '../src';
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

  async overwritesOf(channelId: string): Promise<PermissionOverwrite[]> {
    return [...(this.state.overwrites.get(channelId)?.values() ?? [])];
  }

  /** Test seeding, not on the port: sets (or replaces) one target's overwrite in a channel. */
  async setOverwrite(channelId: string, overwrite: PermissionOverwrite): Promise<void> {
    let overwrites = this.state.overwrites.get(channelId);
    if (!overwrites) this.state.overwrites.set(channelId, (overwrites = new Map()));
    overwrites.set(overwrite.id, overwrite);
  }
}

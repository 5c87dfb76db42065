import { compareIds, type Channel, type ChannelChanges, type ChannelRepository, type PermissionOverwrite, type UserSummary, type IdPage } from '../src';
import type { MemoryState } from './memory-state';

/** Listing order: by position, then by id. */
export const byPosition = (a: Channel, b: Channel): number => a.position - b.position || compareIds(a.id, b.id);

const byTarget = (a: PermissionOverwrite, b: PermissionOverwrite): number => compareIds(a.id, b.id);

export class InMemoryChannelRepository implements ChannelRepository {
  constructor(private readonly state: MemoryState) {}

  async create(channel: Channel): Promise<void> {
    this.state.channels.set(channel.id, { ...channel, permissionOverwrites: [...channel.permissionOverwrites].sort(byTarget) });
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
    const ordered = [...this.state.channels.values()].filter((channel) => channel.serverId === serverId).sort(byPosition);
    if (page.after === undefined) return ordered.slice(0, page.limit);
    const last = this.state.channels.get(page.after);
    if (!last || last.serverId !== serverId) return [];
    return ordered.filter((channel) => byPosition(channel, last) > 0).slice(0, page.limit);
  }

  async update(id: string, changes: ChannelChanges): Promise<Channel | null> {
    const channel = this.state.channels.get(id);
    if (!channel) return null;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const updated: Channel = { ...channel, ...defined };
    this.state.channels.set(id, updated);
    return updated;
  }

  async delete(id: string): Promise<'deleted' | 'absent'> {
    if (!this.state.channels.delete(id)) return 'absent';
    this.state.dropMessagesOf(id);
    return 'deleted';
  }

  async setOverwrite(channelId: string, overwrite: PermissionOverwrite): Promise<void> {
    const channel = this.state.channels.get(channelId);
    if (!channel) return;
    const others = channel.permissionOverwrites.filter((o) => o.id !== overwrite.id);
    this.state.channels.set(channelId, { ...channel, permissionOverwrites: [...others, overwrite].sort(byTarget) });
  }

  async removeOverwrite(channelId: string, targetId: string): Promise<'removed' | 'absent'> {
    const channel = this.state.channels.get(channelId);
    if (!channel?.permissionOverwrites.some((o) => o.id === targetId)) return 'absent';
    this.state.channels.set(channelId, { ...channel, permissionOverwrites: channel.permissionOverwrites.filter((o) => o.id !== targetId) });
    return 'removed';
  }

  async overwritesOf(channelId: string): Promise<PermissionOverwrite[]> {
    return [...(this.state.channels.get(channelId)?.permissionOverwrites ?? [])];
  }
}

import { bitOf, compareIds, has, type NewServer, type Server, type ServerChanges, type ServerRepository, type IdPage } from '../src';
import type { MemoryState } from './memory-state';

export class InMemoryServerRepository implements ServerRepository {
  constructor(private readonly state: MemoryState) {}

  async create({ server, defaultChannel, owner, everyone }: NewServer): Promise<void> {
    this.state.servers.set(server.id, server);
    this.state.rolesOf(server.id).set(everyone.id, everyone);
    this.state.channels.set(defaultChannel.id, defaultChannel);
    this.state.membersOf(server.id).set(owner.userId, owner);
  }

  async findById(id: string): Promise<Server | null> {
    const server = this.state.servers.get(id);
    return server ? this.view(server) : null;
  }

  async update(id: string, { membersCanInvite, ...changes }: ServerChanges): Promise<Server | null> {
    const server = this.state.servers.get(id);
    if (!server) return null;
    const everyone = this.state.roles.get(id)?.get(id);
    if (everyone && membersCanInvite !== undefined) {
      const permissions = membersCanInvite ? everyone.permissions | bitOf('CREATE_INVITE') : everyone.permissions & ~bitOf('CREATE_INVITE');
      this.state.rolesOf(id).set(id, { ...everyone, permissions });
    }
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    this.state.servers.set(id, { ...server, ...defined });
    return this.findById(id);
  }

  /** As PostgreSQL reads it: `membersCanInvite` is the CREATE_INVITE bit of the server's `@everyone`. */
  private view(server: Server): Server {
    const everyone = this.state.roles.get(server.id)?.get(server.id);
    return { ...server, membersCanInvite: everyone !== undefined && has(everyone.permissions, 'CREATE_INVITE') };
  }

  async hold(id: string): Promise<Server | null> {
    // One thread: nothing runs between this unit's awaits that a lock would have kept out.
    return this.findById(id);
  }

  async setOwner(id: string, ownerId: string): Promise<Server | null> {
    const server = this.state.servers.get(id);
    if (!server) return null;
    this.state.servers.set(id, { ...server, ownerId });
    return this.findById(id);
  }

  async delete(id: string): Promise<void> {
    this.state.servers.delete(id);
    this.state.members.delete(id);
    this.state.roles.delete(id);
    this.state.memberRoles.delete(id);
    this.state.bans.delete(id);
    for (const [code, invite] of this.state.invites) if (invite.serverId === id) this.state.invites.delete(code);
    for (const [channelId, channel] of this.state.channels) {
      if (channel.serverId !== id) continue;
      this.state.dropMessagesOf(channelId);
      this.state.channels.delete(channelId);
    }
  }

  async countOwnedBy(userId: string): Promise<number> {
    return [...this.state.servers.values()].filter((s) => s.ownerId === userId).length;
  }

  async listForUser(userId: string, page: IdPage): Promise<Server[]> {
    const servers: Server[] = [];
    for (const [serverId, members] of this.state.members) {
      const server = this.state.servers.get(serverId);
      if (server && members.has(userId) && (page.after === undefined || compareIds(server.id, page.after) > 0)) servers.push(this.view(server));
    }
    return servers.sort((a, b) => compareIds(a.id, b.id)).slice(0, page.limit);
  }
}

import { compareIds, type NewServer, type Server, type ServerChanges, type ServerRepository } from '../src';
import type { MemoryState } from './memory-state';

export class InMemoryServerRepository implements ServerRepository {
  constructor(private readonly state: MemoryState) {}

  async create({ server, defaultChannel, owner }: NewServer): Promise<void> {
    this.state.servers.set(server.id, server);
    this.state.channels.set(defaultChannel.id, defaultChannel);
    this.state.membersOf(server.id).set(owner.userId, owner);
  }

  async findById(id: string): Promise<Server | null> {
    return this.state.servers.get(id) ?? null;
  }

  async update(id: string, changes: ServerChanges): Promise<Server | null> {
    const server = this.state.servers.get(id);
    if (!server) return null;
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    const updated: Server = { ...server, ...defined };
    this.state.servers.set(id, updated);
    return updated;
  }

  async listForUser(userId: string): Promise<Server[]> {
    const servers: Server[] = [];
    for (const [serverId, members] of this.state.members) {
      const server = this.state.servers.get(serverId);
      if (server && members.has(userId)) servers.push(server);
    }
    return servers.sort((a, b) => compareIds(a.id, b.id));
  }
}

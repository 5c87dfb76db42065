import { compareIds, subjectOf, type Actor, type ChatEvent, type EventHistory, type EventLog, type GatewaySnapshot, type LoggedEvent } from '../src';
import type { MemoryState } from './memory-state';

export class InMemoryEventLog implements EventLog {
  constructor(private readonly state: MemoryState) {}

  async append(event: ChatEvent): Promise<void> {
    this.state.events.push(event);
  }
}

/** The log as a gateway reads it; nothing is ever pruned. */
export class InMemoryEventHistory implements EventHistory {
  constructor(private readonly state: MemoryState) {}

  async after(position: number, limit: number): Promise<LoggedEvent[]> {
    return this.state.events.slice(position, position + limit).map((event, i) => ({ position: position + i + 1, id: String(position + i + 1), event }));
  }

  async snapshot({ userId, sessionId }: Actor, from: number | null): Promise<GatewaySnapshot | null> {
    const user = this.state.users.get(userId);
    if (!user || this.state.sessions.get(sessionId)?.userId !== userId) return null;
    const servers = [...this.state.servers.values()]
      .filter((server) => this.state.members.get(server.id)?.has(userId))
      .sort((a, b) => compareIds(a.id, b.id))
      .map((server) => ({
        server,
        channels: [...this.state.channels.values()].filter((c) => c.serverId === server.id).sort((a, b) => compareIds(a.id, b.id)),
      }));
    const joinedAfter = new Set(
      this.state.events
        .slice(from ?? this.state.events.length)
        .filter((event) => event.type === 'member.joined' && subjectOf(event) === userId)
        .map((event) => (event.type === 'member.joined' ? event.member.serverId : '')),
    );
    return {
      logId: this.state.logId,
      head: this.state.events.length,
      oldest: 0,
      user: { id: user.id, username: user.username },
      servers,
      joinedAfter,
      unplaced: new Set(),
    };
  }
}

import { routeOf, subjectOf, WHOLE_LIST, type Actor, type ChatEvent, type EventHistory, type EventLog, type GatewaySnapshot, type LoggedEvent } from '../src';
import { InMemoryChannelRepository } from './in-memory-channel-repository';
import { InMemoryServerRepository } from './in-memory-server-repository';
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
    return this.state.events.slice(position, position + limit).map((event, i) => ({ position: position + i + 1, id: String(position + i + 1), route: routeOf(event), event }));
  }

  async snapshot({ userId, sessionId }: Actor, from: number | null): Promise<GatewaySnapshot | null> {
    const user = this.state.users.get(userId);
    if (!user || this.state.sessions.get(sessionId)?.userId !== userId) return null;
    const channels = new InMemoryChannelRepository(this.state);
    const servers = await Promise.all(
      (await new InMemoryServerRepository(this.state).listForUser(userId, WHOLE_LIST)).map(async (server) => ({ server, channels: await channels.listByServer(server.id, WHOLE_LIST) })),
    );
    const joinedAfter = new Set(
      this.state.events
        .slice(from ?? this.state.events.length)
        .flatMap((event) => (event.type === 'member.joined' && subjectOf(event) === userId ? [event.member.serverId] : [])),
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

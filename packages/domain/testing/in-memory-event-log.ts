import { hiddenChannels, routeOf, subjectOf, summarizeUser, READY_PRIVATE_CHANNELS, WHOLE_LIST, type Actor, type ChatEvent, type EventHistory, type EventLog, type GatewaySnapshot, type LoggedEvent } from '../src';
import { InMemoryConversationRepository } from './in-memory-conversation-repository';
import { InMemoryChannelRepository } from './in-memory-channel-repository';
import { InMemoryReadStateRepository } from './in-memory-read-state-repository';
import { InMemoryServerRepository } from './in-memory-server-repository';
import { InMemoryRoleRepository } from './in-memory-role-repository';
import type { MemoryState } from './memory-state';

export class InMemoryEventLog implements EventLog {
  constructor(private readonly state: MemoryState) {}

  async append(...events: readonly ChatEvent[]): Promise<void> {
    this.state.events.push(...events);
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
    const roles = new InMemoryRoleRepository(this.state);
    const hidden = new Map<string, string>();
    const servers = await Promise.all(
      (await new InMemoryServerRepository(this.state).listForUser(userId, WHOLE_LIST)).map(async (server) => {
        const all = await channels.listByServer(server.id, WHOLE_LIST);
        const out = hiddenChannels(server, await roles.listByServer(server.id), await roles.holdings(server.id, [userId]), all).get(userId);
        for (const channelId of out ?? []) hidden.set(channelId, server.id);
        return { server, channels: all.filter((channel) => !out?.has(channel.id)) };
      }),
    );
    const since = this.state.events.slice(from ?? this.state.events.length).filter((event) => subjectOf(event) === userId);
    const conversations = new InMemoryConversationRepository(this.state);
    const conversationIds = new Set(await conversations.idsForUser(userId));
    const joinedAfter = new Set(
      since.flatMap((event) => (event.type === 'member.joined' ? [event.member.serverId] : event.type === 'conversation.opened' ? [event.conversation.id] : [])),
    );
    const shownAfter = new Map(since.flatMap((event) => (event.type === 'channel.shown' && !hidden.has(event.channel.id) ? [[event.channel.id, event.channel.serverId] as const] : [])));
    return {
      logId: this.state.logId,
      head: this.state.events.length,
      oldest: 0,
      user: summarizeUser(user),
      servers,
      privateChannels: await conversations.listForUser(userId, { limit: READY_PRIVATE_CHANNELS }),
      conversationIds,
      joinedAfter,
      hidden,
      shownAfter,
      unplaced: new Set(),
      readStates: await new InMemoryReadStateRepository(this.state).list(userId),
    };
  }
}

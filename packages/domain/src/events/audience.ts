import type { Id } from '../ids';
import type { EventRoute } from '../ports/event-history';
import type { ChatEvent } from './chat-event';
import { isOwn, isPersonal, isSpread, routeOf, serversHearing } from './route';

/** What to do with an event on one connection. */
export type Admission = 'deliver' | 'skip' | 'close';

const NO_SERVERS: ReadonlySet<Id> = new Set();

/** What a connection starts from about channels it does not see (see `GatewaySnapshot`). */
export interface ChannelSight {
  /** Channels of the user's servers they cannot see now (channel id → server id). */
  readonly hidden: ReadonlyMap<Id, Id>;
  /** Channels they see, which came into their sight after the replay's start (channel id → server id). */
  readonly shownAfter: ReadonlyMap<Id, Id>;
}

const ALL_IN_SIGHT: ChannelSight = { hidden: new Map(), shownAfter: new Map() };

/**
 * Who sees what, for one connection of one session, as events go by in log order. Only members of
 * a server get its events; a user's own change (`user.updated`) goes to them and to those who share
 * a server with them. A join opens the server before its own `member.joined` is delivered; a
 * leave closes it right after the leaver's own `member.left`, so not one later event of that server
 * reaches them. Events from before the connection's snapshot (a resume's replay) are judged by
 * memberships as they are now: a server the user has left stays shut, and one they joined after
 * the replay's start opens at their `member.joined`.
 * What is one user's alone (`read_state.updated`) goes to them alone, wherever they are.
 *
 * A direct conversation is judged as a server is, by its id: its recipients get its events, one
 * who comes into it opens it at their own `conversation.opened`, one who goes out of it gets their
 * `conversation.closed` and then nothing of it.
 *
 * Within a server, the events of a channel go only to those who can see it. A member who loses
 * sight of one gets `channel.deleted` for it (for them alone), then nothing of it; one who gains
 * sight gets `channel.created`, then its events. A replay judges channels as they are now too: a
 * channel out of sight now stays shut (but for the `channel.deleted` that took it away), and one
 * that came into sight after the replay's start opens at its `channel.created`.
 */
export class Audience {
  /** Servers opened or shut since the snapshot (true: open); made only once one is. */
  private changed: Map<Id, boolean> | undefined;
  private readonly joinedAhead: ReadonlySet<Id>;
  /** Channels shut to this connection now (channel id → server id); made only once there is one. */
  private shut: Map<Id, Id> | undefined;

  constructor(
    readonly userId: Id,
    readonly sessionId: Id,
    /** The user's servers at the snapshot. */
    private readonly current: ReadonlySet<Id>,
    /** Of those, the ones whose (latest) join comes after the replay's start. */
    joinedAhead: ReadonlySet<Id> = NO_SERVERS,
    /** The channels out of sight at the snapshot, and those that came into sight after the replay's start. */
    private readonly sight: ChannelSight = ALL_IN_SIGHT,
  ) {
    // A gateway holds one audience per socket: share the (almost always) empty set.
    this.joinedAhead = joinedAhead.size > 0 ? joinedAhead : NO_SERVERS;
    if (sight.hidden.size + sight.shownAfter.size > 0) this.shut = new Map([...sight.hidden, ...sight.shownAfter]);
  }

  /** Whether this connection currently receives the server's events. */
  sees(serverId: Id): boolean {
    return this.changed?.get(serverId) ?? (this.current.has(serverId) && !this.joinedAhead.has(serverId));
  }

  /** The servers whose events this connection receives now. */
  servers(): Id[] {
    const open = [...this.current].filter((serverId) => this.sees(serverId));
    for (const [serverId, isOpen] of this.changed ?? []) if (isOpen && !this.current.has(serverId)) open.push(serverId);
    return open;
  }

  /** `live`: the event is newer than the snapshot (not a replay of what the snapshot already reflects). */
  admit(event: ChatEvent, live: boolean): Admission {
    return this.judge(routeOf(event), live, () => event);
  }

  /**
   * `admit` from the event's route: `content` is asked for only when the route cannot decide (a
   * revocation of one of this user's sessions: which one; another user's change: in which servers),
   * so the common event is never decoded.
   */
  judge(route: EventRoute, live: boolean, content: () => ChatEvent | null): Admission {
    if (route.type === 'session.revoked') {
      if (route.subjectId !== this.userId) return 'skip';
      const event = content();
      if (event?.type !== 'session.revoked') return 'skip';
      const mine = event.sessionId === null ? event.exceptSessionId !== this.sessionId : event.sessionId === this.sessionId;
      return mine ? 'close' : 'skip';
    }
    if (isSpread(route)) return this.judgeSpread(route, content);
    if (isOwn(route)) return route.subjectId === this.userId ? 'deliver' : 'skip';
    const serverId = route.serverId;
    if (serverId === null) return 'skip';
    if (route.type === 'conversation.opened' || route.type === 'conversation.closed') return this.judgeConversation(route, serverId, live);
    if (isPersonal(route)) return this.judgeSight(route, serverId, live);
    const aboutMe = route.subjectId === this.userId;
    if (route.type === 'member.joined' && aboutMe && (live || this.current.has(serverId))) this.set(serverId, true);
    if (route.type === 'member.left' && aboutMe) {
      // Their own leave is theirs to know, even on a replay; after it the server is shut.
      this.set(serverId, false);
      return 'deliver';
    }
    if (route.type === 'server.deleted') {
      // Every member's leave at once: the last event of the server, to those who saw it.
      const saw = this.sees(serverId);
      this.set(serverId, false);
      return saw ? 'deliver' : 'skip';
    }
    if (!this.sees(serverId)) return 'skip';
    return route.channelId !== null && this.shut?.has(route.channelId) ? 'skip' : 'deliver';
  }

  /** Whether this connection currently receives the events of the channel (of a server it sees). */
  seesChannel(channelId: Id): boolean {
    return !this.shut?.has(channelId);
  }

  /**
   * This user came into a direct conversation, or went out of it (its id stands for a server's):
   * as a join and a leave of a server, theirs alone. A replay opens only a conversation they are in now.
   */
  private judgeConversation(route: EventRoute, conversationId: Id, live: boolean): Admission {
    if (route.subjectId !== this.userId) return 'skip';
    if (route.type === 'conversation.closed') {
      // As their own leave of a server: theirs to know, even on a replay; after it the conversation is shut.
      this.set(conversationId, false);
      return 'deliver';
    }
    if (live || this.current.has(conversationId)) this.set(conversationId, true);
    return this.sees(conversationId) ? 'deliver' : 'skip';
  }

  /**
   * A user's change, logged once: theirs, and of everyone in a server with them that this connection
   * sees now (so a co-member of several servers hears it once, and a stranger not at all).
   */
  private judgeSpread(route: EventRoute, content: () => ChatEvent | null): Admission {
    if (route.subjectId === this.userId) return 'deliver';
    const event = content();
    return event !== null && serversHearing(event).some((serverId) => this.sees(serverId)) ? 'deliver' : 'skip';
  }

  /** This user's sight of one channel changed: the event is theirs alone. */
  private judgeSight(route: EventRoute, serverId: Id, live: boolean): Admission {
    const channelId = route.channelId;
    if (route.subjectId !== this.userId || channelId === null) return 'skip';
    if (route.type === 'channel.shown') {
      // A replay opens only what is in sight now: one shut again since stays shut.
      if (!live && this.sight.hidden.has(channelId)) return 'skip';
      this.shut?.delete(channelId);
      return this.sees(serverId) ? 'deliver' : 'skip';
    }
    (this.shut ??= new Map()).set(channelId, serverId);
    // `channel.hidden` is for the gateway only: they never saw the channel.
    return route.type === 'channel.lost' && this.sees(serverId) ? 'deliver' : 'skip';
  }

  private set(serverId: Id, open: boolean): void {
    (this.changed ??= new Map()).set(serverId, open);
    // Out of the server, its channels' sight no longer matters: a join later says it anew. Those out
    // of sight now stay shut, as a replay judges them.
    if (!open && this.shut) {
      for (const [channelId, of] of this.shut) if (of === serverId && !this.sight.hidden.has(channelId)) this.shut.delete(channelId);
    }
  }
}

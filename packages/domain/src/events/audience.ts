import type { Id } from '../ids';
import type { EventRoute } from '../ports/event-history';
import type { ChatEvent } from './chat-event';
import { routeOf } from './route';

/** What to do with an event on one connection. */
export type Admission = 'deliver' | 'skip' | 'close';

const NO_SERVERS: ReadonlySet<Id> = new Set();

/**
 * Who sees what, for one connection of one session, as events go by in log order. Only members of
 * a server get its events. A join opens the server before its own `member.joined` is delivered; a
 * leave closes it right after the leaver's own `member.left`, so not one later event of that server
 * reaches them. Events from before the connection's snapshot (a resume's replay) are judged by
 * memberships as they are now: a server the user has left stays shut, and one they joined after
 * the replay's start opens at their `member.joined`.
 */
export class Audience {
  /** Servers opened or shut since the snapshot (true: open); made only once one is. */
  private changed: Map<Id, boolean> | undefined;
  private readonly joinedAhead: ReadonlySet<Id>;

  constructor(
    readonly userId: Id,
    readonly sessionId: Id,
    /** The user's servers at the snapshot. */
    private readonly current: ReadonlySet<Id>,
    /** Of those, the ones whose (latest) join comes after the replay's start. */
    joinedAhead: ReadonlySet<Id> = NO_SERVERS,
  ) {
    // A gateway holds one audience per socket: share the (almost always) empty set.
    this.joinedAhead = joinedAhead.size > 0 ? joinedAhead : NO_SERVERS;
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
   * revocation of one of this user's sessions: which one), so the common event is never decoded.
   */
  judge(route: EventRoute, live: boolean, content: () => ChatEvent | null): Admission {
    if (route.type === 'session.revoked') {
      if (route.subjectId !== this.userId) return 'skip';
      const event = content();
      if (event?.type !== 'session.revoked') return 'skip';
      const mine = event.sessionId === null ? event.exceptSessionId !== this.sessionId : event.sessionId === this.sessionId;
      return mine ? 'close' : 'skip';
    }
    const serverId = route.serverId;
    if (serverId === null) return 'skip';
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
    return this.sees(serverId) ? 'deliver' : 'skip';
  }

  private set(serverId: Id, open: boolean): void {
    (this.changed ??= new Map()).set(serverId, open);
  }
}

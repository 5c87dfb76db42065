import type { Actor, SessionView } from '../../entities/session';
import type { Clock } from '../../ports/clock';
import type { SessionRepository } from '../../ports/session-repository';
import { ok, type Outcome } from '../../result';

/** The caller's sessions that have not expired, newest first; the one the request came with is `current`. */
export class ListSessions {
  static readonly errors = [] as const;

  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor): Outcome<SessionView[], typeof ListSessions.errors> {
    const sessions = await this.sessions.listForUser(actor.userId, this.clock.now());
    return ok(sessions.map((session) => ({ ...session, current: session.id === actor.sessionId })));
  }
}

import type { Actor } from '../../entities/session';
import type { Clock } from '../../ports/clock';
import type { SessionRepository } from '../../ports/session-repository';
import { ok, type Outcome } from '../../result';

/** Records that a request came with the session's token (for `lastUsedAt`); cheap on every request. */
export class TouchSession {
  static readonly errors = [] as const;

  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
  ) {}

  async execute(actor: Actor): Outcome<void, typeof TouchSession.errors> {
    await this.sessions.touch(actor.sessionId, this.clock.now());
    return ok(undefined);
  }
}

import type { Actor } from '../entities/session';
import type { SessionRepository } from '../ports/session-repository';

export class LogOut {
  constructor(private readonly sessions: SessionRepository) {}

  async execute(actor: Actor): Promise<void> {
    await this.sessions.revoke(actor.sessionId);
  }
}

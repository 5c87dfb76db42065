import type { Actor } from '../../entities/session';
import { sessionRevoked } from '../../events/chat-event';
import type { UnitOfWork } from '../../ports/unit-of-work';

export class LogOut {
  static readonly errors = [] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  /** The session ends at once, and so does every gateway connection it opened, on every replica. */
  async execute(actor: Actor): Promise<void> {
    await this.unitOfWork.run(async (stores) => {
      await stores.sessions.revoke(actor.sessionId);
      await stores.events.append(sessionRevoked(actor.userId, actor.sessionId));
    });
  }
}

import type { Actor } from '../../entities/session';
import { sessionRevoked } from '../../events/chat-event';
import { isId } from '../../ids';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { fail, ok, type Outcome } from '../../result';

/**
 * Revokes one of the caller's sessions (the current one too: that is a logout): its tokens stop
 * at once and its sockets close, on every replica. Another user's session is "no such session".
 */
export class RevokeSession {
  static readonly errors = ['SessionNotFound'] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor, sessionId: string): Outcome<void, typeof RevokeSession.errors> {
    if (!isId(sessionId)) return fail({ kind: 'SessionNotFound' });
    return this.unitOfWork.run(async (stores) => {
      if ((await stores.sessions.revokeOwn(actor.userId, sessionId)) === 'absent') return fail({ kind: 'SessionNotFound' });
      await stores.events.append(sessionRevoked(actor.userId, sessionId));
      return ok(undefined);
    });
  }
}

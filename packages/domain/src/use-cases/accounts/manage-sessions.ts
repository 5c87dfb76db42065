import type { CommonPasswords } from '../../ports/common-passwords';
import type { Actor, SessionView } from '../../entities/session';
import { validationFailed } from '../../errors';
import { otherSessionsRevoked, sessionRevoked } from '../../events/chat-event';
import { isId } from '../../ids';
import type { Clock } from '../../ports/clock';
import type { PasswordHasher } from '../../ports/password-hasher';
import type { SessionRepository } from '../../ports/session-repository';
import type { Stores } from '../../ports/stores';
import type { UnitOfWork } from '../../ports/unit-of-work';
import type { UserRepository } from '../../ports/user-repository';
import { fail, ok, type Outcome } from '../../result';
import { newPasswordIssues } from '../../rules/account-rules';
import { personActing } from '../access';

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

/** Every session of the actor's user but the actor's own, with the event that closes their sockets; answers how many went. */
async function revokeOthers(stores: Stores, actor: Actor): Promise<number> {
  const revoked = await stores.sessions.revokeAllForUser(actor.userId, actor.sessionId);
  if (revoked > 0) await stores.events.append(otherSessionsRevoked(actor.userId, actor.sessionId));
  return revoked;
}

/** Revokes every session of the caller but the current one: what to do about a stolen credential. */
export class RevokeOtherSessions {
  static readonly errors = [] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor): Outcome<{ readonly revoked: number }, typeof RevokeOtherSessions.errors> {
    return this.unitOfWork.run(async (stores) => ok({ revoked: await revokeOthers(stores, actor) }));
  }
}

/**
 * A person changes their password, proving they know the current one; every other session is
 * revoked (their tokens stop, their sockets close), the current one stays.
 */
export class ChangePassword {
  static readonly errors = ['ValidationFailed', 'WrongPassword', 'BotsCannotDoThis', 'InvalidToken'] as const;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly unitOfWork: UnitOfWork,
    private readonly commonPasswords: CommonPasswords,
  ) {}

  async execute(actor: Actor, input: { readonly currentPassword: string; readonly newPassword: string }): Outcome<void, typeof ChangePassword.errors> {
    const issues = newPasswordIssues(input.newPassword, this.commonPasswords, 'newPassword');
    if (issues.length > 0) return fail(validationFailed(issues));
    const person = await personActing(this.users, actor);
    if (!person.ok) return person;
    if (!(await this.hasher.verify(input.currentPassword, person.value.passwordHash))) return fail({ kind: 'WrongPassword' });
    const passwordHash = await this.hasher.hash(input.newPassword);
    return this.unitOfWork.run(async (stores) => {
      await stores.users.setPasswordHash(actor.userId, passwordHash);
      await revokeOthers(stores, actor);
      return ok(undefined);
    });
  }
}

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

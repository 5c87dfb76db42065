import type { Actor } from '../../entities/session';
import type { UnitOfWork } from '../../ports/unit-of-work';
import { ok, type Outcome } from '../../result';
import { revokeOthers } from './revoke-others';

/** Revokes every session of the caller but the current one: what to do about a stolen credential. */
export class RevokeOtherSessions {
  static readonly errors = [] as const;

  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(actor: Actor): Outcome<{ readonly revoked: number }, typeof RevokeOtherSessions.errors> {
    return this.unitOfWork.run(async (stores) => ok({ revoked: await revokeOthers(stores, actor) }));
  }
}
